#!/usr/bin/env python3
"""Replaces the saved example of every request in the Postman collection with a real answer.

    RESTLITE_POSTMAN_CAPTURE=/tmp/answers.json swift test --filter PostmanCollectionTests
    python3 docs/postman/refresh-examples.py /tmp/answers.json

The answers file is what PostmanCollectionTests writes in capture mode (one entry per request
name). Lists in example bodies are cut to two elements to keep the collection short.
"""
import json
import os
import sys

COLLECTION = os.path.join(os.path.dirname(os.path.abspath(__file__)), "restlite.postman_collection.json")
KEPT_HEADERS = ("content-type", "x-pagination")


def trim(value):
    if isinstance(value, list):
        return [trim(element) for element in value[:2]]
    if isinstance(value, dict):
        return {key: trim(element) for key, element in value.items()}
    return value


def example(item, answer):
    try:
        body = json.dumps(trim(json.loads(answer["body"])), separators=(",", ":"), ensure_ascii=False)
    except ValueError:
        body = answer["body"]
    return {
        "name": f"{answer['status']} {answer['reason']}",
        "originalRequest": item["request"],
        "status": answer["reason"],
        "code": answer["status"],
        "_postman_previewlanguage": "json",
        "header": [{"key": k, "value": v} for k, v in answer["headers"] if k.lower() in KEPT_HEADERS],
        "cookie": [],
        "body": body,
    }


def leaves(items):
    for item in items:
        yield from leaves(item["item"]) if "item" in item else [item]


def main():
    answers = {answer["name"]: answer for answer in json.load(open(sys.argv[1]))}
    with open(COLLECTION) as file:
        collection = json.load(file)
    for item in leaves(collection["item"]):
        if item["name"] in answers:
            item["response"] = [example(item, answers[item["name"]])]
        else:
            print(f"no answer for {item['name']!r}; its example is unchanged", file=sys.stderr)
    with open(COLLECTION, "w") as file:
        json.dump(collection, file, indent=2, ensure_ascii=False)
        file.write("\n")


main()
