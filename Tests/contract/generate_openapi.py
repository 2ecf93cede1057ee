#!/usr/bin/env python3
"""Writes Sources/RestDBAPI/OpenAPI/openapi.json, which the binary embeds and docs/openapi.json links to.

Run from the repository root after changing a route: `python3 Tests/contract/generate_openapi.py`.
OpenAPIDocumentTests fails when the document and the router disagree."""
import json, sys

def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}

def resp(name):
    return {"$ref": f"#/components/responses/{name}"}

def param(name):
    return {"$ref": f"#/components/parameters/{name}"}

JSON = "application/json"

def json_body(schema, desc, headers=None):
    r = {"description": desc, "content": {JSON: {"schema": schema}}}
    if headers:
        r["headers"] = headers
    return r

ERRORS_READ = {"400": resp("BadRequest"), "401": resp("Unauthorized"), "403": resp("Forbidden"),
               "404": resp("NotFound"), "405": resp("MethodNotAllowed"), "413": resp("PayloadTooLarge"),
               "414": resp("URITooLong"), "431": resp("HeaderFieldsTooLarge"), "500": resp("InternalError")}

def errors(*extra):
    e = dict(ERRORS_READ)
    for code in extra:
        e[code] = resp({"409": "Conflict", "503": "ServiceUnavailable"}[code])
    return e

security = [{"apiKeyHeader": []}, {"apiKeyQuery": []}, {"bearerKey": []}]

pagination_header = {"X-Pagination": {
    "description": "The list's totals as JSON: `{\"total\":6,\"count\":2,\"skip\":1,\"max\":2}`.",
    "schema": {"type": "string"}}}

list_params = [param("collection"), param("q"), param("h"), param("filter"), param("sort"), param("dir"),
               param("skip"), param("max"), param("totals"), param("metafields"), param("groupby"),
               param("aggregate")]

doc = {
    "openapi": "3.1.0",
    "info": {
        "title": "restlite",
        "version": "1.0.0",
        "summary": "A local stand-in for a hosted restdb.io database.",
        "description": "restdb.io's REST API (`/rest/<collection>`, the query language, API keys, CORS, "
                       "errors) served by one program on your own machine. See docs/API.md for the "
                       "compatibility table and docs/QUERY.md for the query language.",
        "license": {"name": "MIT", "identifier": "MIT"},
    },
    "servers": [{"url": "http://127.0.0.1:8080", "description": "restlite serve (default port)"}],
    "security": security,
    "tags": [
        {"name": "documents", "description": "restdb's `/rest/<collection>` routes"},
        {"name": "collections", "description": "collections and their schemas"},
        {"name": "server", "description": "health and this document"},
    ],
    "paths": {
        "/health": {"get": {
            "tags": ["server"], "operationId": "health", "summary": "Is the server up (no key needed)",
            "security": [],
            "responses": {"200": json_body(ref("Health"), "The server answers."),
                          "500": resp("InternalError")}}},
        "/openapi.json": {"get": {
            "tags": ["server"], "operationId": "openapi", "summary": "This document (no key needed)",
            "security": [],
            "responses": {"200": json_body({"type": "object"}, "The OpenAPI 3.1 document of restlite."),
                          "500": resp("InternalError")}}},
        "/rest/_meta": {"get": {
            "tags": ["collections"], "operationId": "listCollections",
            "summary": "Every collection with its document count",
            "responses": {"200": json_body(ref("CollectionList"), "The collections, by name."),
                          **errors()}}},
        "/rest/{collection}/_meta": {
            "parameters": [param("collection")],
            "get": {
                "tags": ["collections"], "operationId": "getSchema",
                "summary": "A collection's schema and count",
                "responses": {"200": json_body(ref("CollectionSchema"), "The collection's schema."),
                              **errors()}},
            "put": {
                "tags": ["collections"], "operationId": "setSchema",
                "summary": "Set a new or empty collection's schema (restlite extension; full-access keys)",
                "requestBody": {"required": True, "content": {JSON: {"schema": ref("SchemaInput")}}},
                "responses": {"200": json_body(ref("CollectionSchema"), "The schema as GET answers it."),
                              **errors("409")}},
        },
        "/rest/{collection}": {
            "parameters": [param("collection")],
            "get": {
                "tags": ["documents"], "operationId": "listDocuments",
                "summary": "Documents of a collection, filtered, sorted, paged or grouped",
                "parameters": list_params[1:],
                "responses": {"200": json_body(
                    {"oneOf": [{"type": "array", "items": ref("Document")}, ref("ListWithTotals")]},
                    "A bare array, or `{data, totals}` with `totals=true`. Grouped lists are arrays of "
                    "group objects.", pagination_header),
                    **errors()}},
            "post": {
                "tags": ["documents"], "operationId": "createDocuments",
                "summary": "Create one document (object) or many (array, all or nothing)",
                "parameters": [param("validate")],
                "requestBody": {"required": True, "content": {
                    JSON: {"schema": {"oneOf": [ref("DocumentInput"),
                                                {"type": "array", "items": ref("DocumentInput")}]}},
                    "application/x-www-form-urlencoded": {"schema": {
                        "type": "object", "additionalProperties": {"type": "string"}}}}},
                "responses": {"201": json_body(
                    {"oneOf": [ref("StoredDocument"), {"type": "array", "items": ref("StoredDocument")}]},
                    "The stored document(s) with system fields."),
                    **errors()}},
        },
        "/rest/{collection}/{id}": {
            "parameters": [param("collection"), param("id")],
            "get": {
                "tags": ["documents"], "operationId": "getDocument", "summary": "One document by id",
                "parameters": [param("metafields")],
                "responses": {"200": json_body(ref("Document"), "The document."), **errors()}},
            "put": {
                "tags": ["documents"], "operationId": "updateDocument",
                "summary": "Merge fields or apply update operators; `*` with `q` updates every match",
                "parameters": [param("qBulk")],
                "requestBody": {"required": False, "content": {
                    JSON: {"schema": ref("UpdateInput")},
                    "application/x-www-form-urlencoded": {"schema": {
                        "type": "object", "additionalProperties": {"type": "string"}}}}},
                "responses": {"200": json_body({"oneOf": [ref("StoredDocument"), ref("IDList")]},
                                               "The whole document after the update, or `{result:[ids]}` for `*`."),
                              **errors()}},
            "patch": {
                "tags": ["documents"], "operationId": "patchDocument", "summary": "The same as PUT",
                "requestBody": {"required": False, "content": {
                    JSON: {"schema": ref("UpdateInput")},
                    "application/x-www-form-urlencoded": {"schema": {
                        "type": "object", "additionalProperties": {"type": "string"}}}}},
                "responses": {"200": json_body(ref("StoredDocument"), "The whole document after the update."),
                              **errors()}},
            "delete": {
                "tags": ["documents"], "operationId": "deleteDocuments",
                "summary": "Delete one document; `*` with a JSON array of ids or with `q` deletes many",
                "parameters": [param("qBulk")],
                "requestBody": {"required": False, "content": {
                    JSON: {"schema": {"type": "array", "items": ref("ObjectID")}}}},
                "responses": {"200": json_body(ref("IDList"), "The ids that were deleted."), **errors()}},
        },
    },
    "components": {
        "securitySchemes": {
            "apiKeyHeader": {"type": "apiKey", "in": "header", "name": "x-apikey",
                             "description": "restdb's key header (any case)."},
            "apiKeyQuery": {"type": "apiKey", "in": "query", "name": "apikey",
                            "description": "The key as a query parameter, as restdb allows."},
            "bearerKey": {"type": "http", "scheme": "bearer",
                          "description": "restlite's choice, not restdb's: the API key as a bearer token (refused with 401 when the server runs --strict)."},
        },
        "parameters": {
            "collection": {"name": "collection", "in": "path", "required": True,
                           "description": "1 to 64 letters, digits, `-`, `_`; `_meta` is reserved.",
                           "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}},
            "id": {"name": "id", "in": "path", "required": True,
                   "description": "24 lowercase hex characters, or `*` for the bulk forms.",
                   "schema": {"type": "string", "pattern": "^([0-9a-f]{24}|\\*)$"}},
            "q": {"name": "q", "in": "query", "description": "A MongoDB-style query as JSON (docs/QUERY.md).",
                  "schema": {"type": "string"}, "example": "{\"rating\":{\"$gte\":4}}"},
            "qBulk": {"name": "q", "in": "query",
                      "description": "With id `*`: the query whose matches are updated or deleted.",
                      "schema": {"type": "string"}},
            "h": {"name": "h", "in": "query",
                  "description": "Hints as JSON: `$orderby`, `$fields`, `$max`, `$skip`, `$groupby`, `$aggregate`.",
                  "schema": {"type": "string"}, "example": "{\"$orderby\":{\"rating\":-1}}"},
            "filter": {"name": "filter", "in": "query",
                       "description": "Case-insensitive text searched in every string value.",
                       "schema": {"type": "string"}},
            "sort": {"name": "sort", "in": "query", "description": "A field to sort by; repeatable.",
                     "schema": {"type": "array", "items": {"type": "string"}}, "explode": True},
            "dir": {"name": "dir", "in": "query", "description": "1 or -1, pairing with `sort` by position.",
                    "schema": {"type": "array", "items": {"type": "integer", "enum": [1, -1]}},
                    "explode": True},
            "skip": {"name": "skip", "in": "query", "schema": {"type": "integer", "minimum": 0}},
            "max": {"name": "max", "in": "query", "description": "Page size (default 1000).",
                    "schema": {"type": "integer", "minimum": 0}},
            "totals": {"name": "totals", "in": "query",
                       "description": "`true` answers `{data, totals}` instead of a bare array.",
                       "schema": {"type": "boolean"}},
            "metafields": {"name": "metafields", "in": "query",
                           "description": "`true` adds `_created`, `_changed`, `_createdby`, `_changedby`, `_version`.",
                           "schema": {"type": "boolean"}},
            "groupby": {"name": "groupby", "in": "query", "description": "Group by this field; repeatable.",
                        "schema": {"type": "array", "items": {"type": "string"}}, "explode": True},
            "aggregate": {"name": "aggregate", "in": "query",
                          "description": "`SUM:field`, `AVG:field`, `MIN:field`, `MAX:field`, `COUNT:name`; repeatable.",
                          "schema": {"type": "array", "items": {"type": "string"}}, "explode": True},
            "validate": {"name": "validate", "in": "query", "description": "`false` skips schema validation.",
                         "schema": {"type": "boolean"}},
        },
        "responses": {
            name: {"description": desc, "content": {JSON: {"schema": ref("Error")}}}
            for name, desc in [
                ("BadRequest", "A malformed request, body, query, hint or id (`BadRequest`), or a write that "
                               "breaks the schema (`ValidationError`, with `list`)."),
                ("Unauthorized", "No API key."),
                ("Forbidden", "An unknown key, or a key whose scope does not cover the request."),
                ("NotFound", "No such collection, document or path."),
                ("MethodNotAllowed", "The path does not take this method; `Allow` names the ones it takes."),
                ("Conflict", "The collection holds documents, so its schema cannot be set."),
                ("PayloadTooLarge", "The body is over the server's limit (`--max-body`)."),
                ("URITooLong", "The request line is over 8 KiB."),
                ("HeaderFieldsTooLarge", "The headers are over 64 KiB or 100 fields."),
                ("ServiceUnavailable", "The server is busy; `Retry-After` says when to try again."),
                ("InternalError", "The server failed; `requestId` matches its log line."),
            ]
        },
        "schemas": {
            "Error": {"type": "object", "required": ["name", "message", "status"],
                      "properties": {
                          "name": {"type": "string", "examples": ["BadRequest", "ValidationError", "NotFound"]},
                          "message": {"type": "string"},
                          "status": {"type": "integer"},
                          "list": {"type": "array", "items": ref("FieldMessage")},
                          "requestId": {"type": "string"}}},
            "FieldMessage": {"type": "object", "required": ["field", "message"],
                             "properties": {"field": {"type": "string"}, "message": {"type": "string"}}},
            "Health": {"type": "object", "required": ["status"],
                       "properties": {"status": {"type": "string", "const": "ok"}}},
            "ObjectID": {"type": "string", "pattern": "^[0-9a-f]{24}$"},
            "Date": {"type": "string", "description": "ISO 8601 UTC, three fractional digits: 2008-11-14T09:53:37.000Z",
                     "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},
            "Document": {"type": "object", "description": "A stored document: `_id` first, then its fields.",
                         "additionalProperties": True},
            "StoredDocument": {"type": "object", "required": ["_id"],
                               "properties": {"_id": ref("ObjectID"), "_created": ref("Date"),
                                              "_changed": ref("Date"), "_createdby": {"type": "string"},
                                              "_changedby": {"type": "string"},
                                              "_version": {"type": "integer", "minimum": 0}},
                               "additionalProperties": True},
            "DocumentInput": {"type": "object", "additionalProperties": True,
                              "description": "Any JSON object; system fields are dropped, `_id` is ignored.",
                              "example": {"catName": "Felis", "rating": 4}},
            "UpdateInput": {"type": "object", "additionalProperties": True,
                            "description": "Fields to merge, or update operators: `$set`, `$unset`, `$inc`, "
                                           "`$push`, `$pull`.",
                            "example": {"$inc": {"rating": 1}}},
            "Totals": {"type": "object", "required": ["total", "count", "skip", "max"],
                       "properties": {k: {"type": "integer"} for k in ["total", "count", "skip", "max"]}},
            "ListWithTotals": {"type": "object", "required": ["data", "totals"],
                               "properties": {"data": {"type": "array", "items": ref("Document")},
                                              "totals": ref("Totals")}},
            "IDList": {"type": "object", "required": ["result"],
                       "properties": {"result": {"type": "array", "items": ref("ObjectID")}}},
            "CollectionList": {"type": "object", "required": ["collections"],
                               "properties": {"collections": {"type": "array", "items": {
                                   "type": "object", "required": ["name", "count"],
                                   "properties": {"name": {"type": "string"}, "count": {"type": "integer"}}}}}},
            "Field": {"type": "object", "required": ["name", "type", "required", "unique"],
                      "properties": {"name": {"type": "string"},
                                     "type": {"type": "string",
                                              "enum": ["text", "number", "float_number", "date", "bool", "json"]},
                                     "required": {"type": "boolean"}, "unique": {"type": "boolean"}}},
            "CollectionSchema": {"type": "object", "required": ["name", "count", "fields"],
                                 "properties": {"name": {"type": "string"}, "count": {"type": "integer"},
                                                "fields": {"type": "array", "items": ref("Field")}}},
            "SchemaInput": {"type": "object", "required": ["fields"],
                            "properties": {"name": {"type": "string"}, "count": {"type": "integer"},
                                           "fields": {"type": "array", "items": {
                                               "type": "object", "required": ["name", "type"],
                                               "properties": {"name": {"type": "string"},
                                                              "type": {"type": "string"},
                                                              "required": {"type": "boolean"},
                                                              "unique": {"type": "boolean"}}}}}},
        },
    },
}

# --- admin routes ---
# The /_restlite/ routes of the RestLiteAdmin module (full-access key; off with `serve --no-admin`).
def _admin_op(op_id, summary, ok_code, ok_schema, ok_desc, params=None, body=None, extra=()):
    op = {"tags": ["admin"], "operationId": op_id, "summary": summary,
          "responses": {ok_code: json_body(ok_schema, ok_desc), "400": resp("BadRequest"),
                        "401": resp("Unauthorized"), "403": resp("Forbidden"),
                        **({"404": resp("NotFound")} if "404" in extra else {}),
                        "500": resp("InternalError")}}
    if params:
        op["parameters"] = params
    if body:
        op["requestBody"] = {"required": True, "content": {JSON: {"schema": body}}}
    return op

_name = {"name": "name", "in": "path", "required": True, "description": "Snapshot name: 1 to 64 letters, "
         "digits, `-`, `_` or `.`.", "schema": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,64}$"}}
_fault_id = {"name": "id", "in": "path", "required": True, "description": "A fault rule's id (`f1`, or the "
             "id the rule was given).", "schema": {"type": "string"}}
# The journal and the fault rules are each process's own (docs/SCALING.md).
_scope = {"type": "string", "const": "process", "description": "This process only: with several processes on one "
          "database, each keeps its own."}
def _query(name, desc):
    return {"name": name, "in": "query", "required": False, "description": desc, "schema": {"type": "string"}}

doc["tags"].append({"name": "admin", "description": "`/_restlite/` routes for test suites: reset, snapshots, "
                    "request journal, fault rules (full-access key)"})
doc["paths"].update({
    "/_restlite/reset": {"post": _admin_op(
        "adminReset", "Put the data back to what the server started with (one transaction)", "200",
        ref("AdminReset"), "The data is back to the start-up state.")},
    "/_restlite/snapshots": {"get": _admin_op(
        "adminListSnapshots", "The saved snapshots", "200",
        {"type": "array", "items": ref("AdminSnapshot")}, "Snapshots by name.")},
    "/_restlite/snapshots/{name}": {
        "parameters": [_name],
        "post": _admin_op("adminSaveSnapshot", "Save all collections, schemas and documents under a name",
                          "201", ref("AdminSnapshot"), "The snapshot was saved (an older one of that name is "
                          "replaced)."),
        "delete": _admin_op("adminDeleteSnapshot", "Remove a snapshot", "200",
                            {"type": "object", "properties": {"deleted": {"type": "string"}}},
                            "The snapshot is gone.", extra=("404",))},
    "/_restlite/snapshots/{name}/restore": {
        "parameters": [_name],
        "post": _admin_op("adminRestoreSnapshot", "Bring a snapshot back (one transaction)", "200",
                          ref("AdminSnapshot"), "The data is the snapshot's.", extra=("404",))},
    "/_restlite/journal": {
        "get": _admin_op("adminJournal", "The last requests this process answered (oldest first; admin "
                         "requests are not recorded)", "200", {"type": "array", "items": ref("AdminJournalEntry")},
                         "The journal entries the filters keep.",
                         params=[_query("method", "Only this method (any case)."),
                                 _query("path", "Only paths matching this glob (`*` any run, `?` one character), "
                                        "e.g. `/rest/a3cats/*`."),
                                 _query("status", "Only this status (`404`) or class (`4xx`).")]),
        "delete": _admin_op("adminClearJournal", "Forget every journal entry of this process", "200",
                            {"type": "object", "properties": {"cleared": {"type": "integer"}, "scope": _scope}},
                            "How many entries were removed.")},
    "/_restlite/faults": {
        "get": _admin_op("adminListFaults", "The fault rules in force on this process, with their remaining uses", "200",
                         {"type": "array", "items": ref("AdminFaultRule")}, "Rules in the order they apply."),
        "post": _admin_op("adminAddFault", "Add a fault rule to this process", "201", ref("AdminFaultRule"),
                          "The rule as stored, with its id.", body=ref("AdminFaultRule")),
        "delete": _admin_op("adminRemoveFaults", "Remove every fault rule of this process", "200",
                            {"type": "object", "properties": {"removed": {"type": "integer"}, "scope": _scope}},
                            "How many rules were removed.")},
    "/_restlite/faults/{id}": {
        "parameters": [_fault_id],
        "delete": _admin_op("adminRemoveFault", "Remove one fault rule of this process", "200",
                            {"type": "object", "properties": {"removed": {"type": "string"}, "scope": _scope}},
                            "The rule is gone.", extra=("404",))},
})
doc["components"]["schemas"].update({
    "AdminReset": {"type": "object", "properties": {
        "reset": {"type": "boolean"}, "documents": {"type": "integer"},
        "ms": {"type": "number", "description": "Time the restore took."}}},
    "AdminSnapshot": {"type": "object", "properties": {
        "name": {"type": "string"}, "created": {"type": "string", "format": "date-time"},
        "documents": {"type": "integer"}, "collections": {"type": "integer"},
        "media": {"type": "integer", "description": "After a restore: the media files now (the snapshot's)."}}},
    "AdminJournalEntry": {"type": "object", "properties": {
        "seq": {"type": "integer"}, "time": {"type": "string", "format": "date-time"},
        "method": {"type": "string"}, "path": {"type": "string"},
        "query": {"type": "string", "description": "Raw query; an `apikey` value is masked."},
        "headers": {"type": "object", "additionalProperties": {"type": "string"},
                    "description": "Lower-case names; x-apikey, apikey and authorization values masked as "
                                   "`****` plus the last four characters."},
        "body": {"type": "string"}, "bodyBytes": {"type": "integer"},
        "bodyTruncated": {"type": "boolean", "description": "The body was longer than 64 KiB and was cut."},
        "status": {"type": "integer", "description": "0 when the connection was dropped by a fault."},
        "ms": {"type": "number"}, "scope": _scope}},
    "AdminFaultRule": {"type": "object", "required": ["action"], "properties": {
        "id": {"type": "string"}, "method": {"type": "string", "description": "A method, or `*` (default)."},
        "path": {"type": "string", "description": "Path glob; default `*`."},
        "query": {"type": "string", "description": "Text the raw query must contain."},
        "header": {"type": "string", "description": "`name=value` the request must carry."},
        "action": {"type": "string", "enum": ["delay", "status", "drop", "slow"]},
        "ms": {"type": "integer", "description": "delay: wait before answering; slow: wait between head and "
                                                 "body (default 1000)."},
        "status": {"type": "integer", "description": "status: the code answered (default 500)."},
        "message": {"type": "string", "description": "status: the error body's message."},
        "probability": {"type": "number", "minimum": 0, "maximum": 1},
        "seed": {"type": "integer"}, "times": {"type": "integer", "minimum": 1},
        "remaining": {"type": ["integer", "null"], "readOnly": True},
        "scope": dict(_scope, readOnly=True)}},
})
# Edit the schema of a live collection (the console's schema page): adds, renames, removes and retypes fields.
doc["paths"]["/_restlite/collections/{collection}/schema"] = json.loads(r'''
{
  "post": {
    "tags": [
      "admin"
    ],
    "operationId": "editCollectionSchema",
    "summary": "Edit the schema of a collection that holds documents: add, rename, remove and retype fields (restdb's data manager)",
    "description": "Renamed fields' values move to the new name in every document; removed fields' values stay unless `removeValues`; values that do not fit a new type stay and are counted in `misfits`. `dryRun` counts without changing anything. One transaction. See docs/API.md.",
    "parameters": [
      {
        "$ref": "#/components/parameters/collection"
      }
    ],
    "requestBody": {
      "required": true,
      "content": {
        "application/json": {
          "schema": {
            "type": "object",
            "required": [
              "fields"
            ],
            "properties": {
              "fields": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Field"
                }
              },
              "renames": {
                "type": "object",
                "additionalProperties": {
                  "type": "string"
                },
                "description": "old field name -> new field name"
              },
              "removeValues": {
                "type": "boolean",
                "default": false
              },
              "dryRun": {
                "type": "boolean",
                "default": false
              }
            }
          }
        }
      }
    },
    "responses": {
      "200": {
        "description": "What the edit did (or, with `dryRun`, would do).",
        "content": {
          "application/json": {
            "schema": {
              "type": "object",
              "required": [
                "collection",
                "applied",
                "documents",
                "changedDocuments",
                "added",
                "removed",
                "removedValues",
                "renamed",
                "retyped",
                "misfits",
                "schema"
              ],
              "properties": {
                "collection": {
                  "type": "string"
                },
                "applied": {
                  "type": "boolean"
                },
                "documents": {
                  "type": "integer"
                },
                "changedDocuments": {
                  "type": "integer"
                },
                "added": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "removed": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "removedValues": {
                  "type": "boolean"
                },
                "renamed": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "from",
                      "to"
                    ],
                    "properties": {
                      "from": {
                        "type": "string"
                      },
                      "to": {
                        "type": "string"
                      }
                    }
                  }
                },
                "retyped": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "field",
                      "from",
                      "to"
                    ],
                    "properties": {
                      "field": {
                        "type": "string"
                      },
                      "from": {
                        "type": "string"
                      },
                      "to": {
                        "type": "string"
                      }
                    }
                  }
                },
                "misfits": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": [
                      "field",
                      "documents",
                      "message"
                    ],
                    "properties": {
                      "field": {
                        "type": "string"
                      },
                      "documents": {
                        "type": "integer"
                      },
                      "message": {
                        "type": "string"
                      }
                    }
                  }
                },
                "schema": {
                  "type": "object",
                  "properties": {
                    "fields": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/Field"
                      }
                    }
                  }
                }
              }
            }
          }
        }
      },
      "400": {
        "$ref": "#/components/responses/BadRequest"
      },
      "401": {
        "$ref": "#/components/responses/Unauthorized"
      },
      "403": {
        "$ref": "#/components/responses/Forbidden"
      },
      "404": {
        "$ref": "#/components/responses/NotFound"
      },
      "500": {
        "$ref": "#/components/responses/InternalError"
      }
    }
  }
}
''')
# --- end admin routes ---


# --- child collection routes ---
# Children of one parent document: documents of the collection a `child` schema field names,
# carrying `_parent_id`, `_parent_def` (the parent's collection) and `_parent_field`.
_schemas = doc["components"]["schemas"]
_schemas["Field"]["properties"]["type"]["enum"].append("child")
_schemas["Field"]["properties"]["collection"] = {
    "type": "string", "description": "For a `child` field: the collection its children are stored in."}
_schemas["SchemaInput"]["properties"]["fields"]["items"]["properties"]["collection"] = {
    "type": "string", "description": "Required for a `child` field: the collection its children live in."}
_schemas["ChildDocument"] = {
    "allOf": [ref("StoredDocument"), {"type": "object", "required": ["_parent_id", "_parent_def", "_parent_field"],
                                      "properties": {"_parent_id": ref("ObjectID"),
                                                     "_parent_def": {"type": "string"},
                                                     "_parent_field": {"type": "string"}}}]}
_params = doc["components"]["parameters"]
_params["fetchchildren"] = {"name": "fetchchildren", "in": "query",
                            "description": "`true` embeds each document's children under every child field.",
                            "schema": {"type": "boolean"}}
_params["child"] = {"name": "child", "in": "path", "required": True,
                    "description": "A field of type `child` in the parent collection's schema.",
                    "schema": {"type": "string"}}
_params["parentId"] = {"name": "id", "in": "path", "required": True, "description": "The parent's `_id`.",
                       "schema": ref("ObjectID")}
_params["childId"] = {"name": "childId", "in": "path", "required": True, "description": "The child's `_id`.",
                      "schema": ref("ObjectID")}
_params["idtolink"] = {"name": "idtolink", "in": "query",
                       "description": "`true` answers the media ids of image and file fields as the files' "
                                      "URLs (`http://<host>/media/<id>`); the stored ids do not change.",
                       "schema": {"type": "boolean"}}
doc["paths"]["/rest/{collection}"]["get"]["parameters"].append(param("fetchchildren"))
doc["paths"]["/rest/{collection}/{id}"]["get"]["parameters"].append(param("fetchchildren"))
doc["paths"]["/rest/{collection}"]["get"]["parameters"].append(param("idtolink"))
doc["paths"]["/rest/{collection}/{id}"]["get"]["parameters"].append(param("idtolink"))
doc["tags"].append({"name": "children", "description": "child collections of one parent document"})
_child_list_params = [p for p in list_params if p != param("collection")]
doc["paths"]["/rest/{collection}/{id}/{child}"] = {
    "parameters": [param("collection"), param("parentId"), param("child")],
    "get": {
        "tags": ["children"], "operationId": "listChildren",
        "summary": "The parent's children, with the list parameters of any list",
        "parameters": _child_list_params,
        "responses": {"200": json_body({"oneOf": [{"type": "array", "items": ref("Document")},
                                                  ref("ListWithTotals")]},
                                       "The children (`[]` when there are none).", pagination_header),
                      **errors()}},
    "post": {
        "tags": ["children"], "operationId": "createChildren",
        "summary": "Store one child, or an array of children (all or none)",
        "parameters": [param("validate")],
        "requestBody": {"required": True, "content": {JSON: {"schema": {
            "oneOf": [ref("DocumentInput"), {"type": "array", "items": ref("DocumentInput")}]}}}},
        "responses": {"201": json_body(
            {"oneOf": [ref("ChildDocument"), {"type": "array", "items": ref("ChildDocument")}]},
            "The stored child(ren) with system fields and the parent link."),
            **errors()}},
}
doc["paths"]["/rest/{collection}/{id}/{child}/{childId}"] = {
    "parameters": [param("collection"), param("parentId"), param("child"), param("childId")],
    "get": {
        "tags": ["children"], "operationId": "getChild", "summary": "One child of this parent",
        "parameters": [param("metafields")],
        "responses": {"200": json_body(ref("Document"), "The child."), **errors()}},
    "put": {
        "tags": ["children"], "operationId": "updateChild",
        "summary": "Merge fields or apply update operators; the parent link stays",
        "requestBody": {"required": False, "content": {JSON: {"schema": ref("UpdateInput")}}},
        "responses": {"200": json_body(ref("ChildDocument"), "The whole child after the update."), **errors()}},
    "patch": {
        "tags": ["children"], "operationId": "patchChild", "summary": "The same as PUT",
        "requestBody": {"required": False, "content": {JSON: {"schema": ref("UpdateInput")}}},
        "responses": {"200": json_body(ref("ChildDocument"), "The whole child after the update."), **errors()}},
    "delete": {
        "tags": ["children"], "operationId": "deleteChild",
        "summary": "Delete one child (and its own children)",
        "responses": {"200": json_body(ref("IDList"), "The id deleted."), **errors()}},
}
# --- end child collection routes ---

# --- realtime routes ---
# Server-Sent Events of every write (`post`, `put`, `delete`), of messages (`publish`) and a
# `ping`; POST publishes a message. See docs/API.md, "Realtime events".
doc["tags"].append({"name": "realtime", "description": "Server-Sent Events of writes and messages"})
doc["paths"]["/realtime"] = {
    "get": {
        "tags": ["realtime"], "operationId": "realtimeEvents",
        "summary": "Stream events (text/event-stream) until the client leaves",
        "description": ("Events `post` and `put` carry `{\"collection\":..., \"data\": document}`, `delete` carries "
                        "`{\"collection\":..., \"data\": [ids]}`, `publish` the JSON that was posted, `ping` the "
                        "server's time. Every event has an increasing `id`; `Last-Event-ID` (or `lastEventId`) "
                        "resumes from the last 1,000 events. A scoped key receives the collections it may GET. "
                        "Past the subscriber caps (in all and per key), 503 with `Retry-After`."),
        "parameters": [
            {"name": "lastEventId", "in": "query", "description": "Resume after this event id.",
             "schema": {"type": "integer"}},
            {"name": "Last-Event-ID", "in": "header", "description": "Resume after this event id (EventSource sends it).",
             "schema": {"type": "integer"}}],
        "responses": {"200": {"description": "The event stream; it stays open.",
                              "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                      "401": resp("Unauthorized"), "403": resp("Forbidden"), "500": resp("InternalError"),
                      "503": resp("ServiceUnavailable")}},
    "post": {
        "tags": ["realtime"], "operationId": "realtimePublish",
        "summary": "Publish a JSON message to every subscriber as a `publish` event",
        "description": "Needs a full-access key, or a scoped key whose scope allows POST on `/realtime`.",
        "requestBody": {"required": True, "content": {JSON: {"schema": {}}}},
        "responses": {"200": json_body({"type": "object", "required": ["result", "id"], "properties": {
            "result": {"type": "string", "enum": ["published"]}, "id": {"type": "integer"}}},
            "The message was queued for every subscriber."),
            "400": resp("BadRequest"), "401": resp("Unauthorized"), "403": resp("Forbidden"),
            "413": resp("PayloadTooLarge"), "500": resp("InternalError")}},
}
# --- end realtime routes ---



# --- stand-in routes ---
# TheCatAPI under /thecatapi, PlaceKitten under /placekitten, dummyimage.com under /dummyimage:
# on the same port, no key (security: []), CORS like every answer.
IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/bmp"]
TEXT = "text/plain; charset=utf-8"

def _picture(desc, types):
    return {"description": desc,
            "headers": {"ETag": {"description": "A strong validator of the bytes.", "schema": {"type": "string"}},
                        "Cache-Control": {"schema": {"type": "string"}}},
            "content": {t: {"schema": {"type": "string", "contentEncoding": "binary"}} for t in types}}

def _busy(desc, seconds):
    """A 503 whose `Retry-After` says when to ask again (seconds), with the JSON error body."""
    return {"description": desc,
            "headers": {"Retry-After": {"description": "Seconds to wait before asking again (`%d`)." % seconds,
                                        "schema": {"type": "string", "pattern": "^[0-9]+$"}}},
            "content": {JSON: {"schema": ref("Error")}}}

_drawing_busy = _busy("A large picture that is not drawn yet waited 20 s for one of the server's two drawing "
                      "turns (shared by every stand-in that draws to a size) and got none; `Retry-After: 2`.", 2)

def _text(desc):
    return {"description": desc, "content": {TEXT: {"schema": {"type": "string"}}}}

def _standin_errors(*codes):
    common = {"404": resp("NotFound"), "405": resp("MethodNotAllowed"), "414": resp("URITooLong"),
              "431": resp("HeaderFieldsTooLarge"), "500": resp("InternalError")}
    return {c: common[c] for c in codes} if codes else common

_not_modified = {"description": "`If-None-Match` names the picture's ETag: no body."}
_if_none_match = {"name": "If-None-Match", "in": "header", "required": False,
                  "description": "An ETag from an earlier answer (304 when it still matches).",
                  "schema": {"type": "string"}}

def _q(name, desc, schema=None):
    return {"name": name, "in": "query", "required": False, "description": desc,
            "schema": schema or {"type": "string"}}

def _p(name, desc, schema=None, example=None):
    p = {"name": name, "in": "path", "required": True, "description": desc, "schema": schema or {"type": "string"}}
    if example is not None:
        p["example"] = example
    return p

_paging = [_q("limit", "Results per page.", {"type": "integer"}),
           _q("page", "Page number, from 0.", {"type": "integer"})]
_pagination_headers = {n: {"description": d, "schema": {"type": "string"}} for n, d in [
    ("Pagination-Count", "How many match."), ("Pagination-Page", "The page sent."),
    ("Pagination-Limit", "The page size used.")]}

def _cat_op(op_id, summary, responses, params=(), description=None):
    op = {"tags": ["thecatapi"], "operationId": op_id, "summary": summary, "security": [],
          "parameters": list(params), "responses": {**_standin_errors(), **responses}}
    if description:
        op["description"] = description
    return op

doc["tags"] += [
    {"name": "thecatapi", "description": "TheCatAPI's `/v1` routes, offline, under `/thecatapi` (docs/THECATAPI.md); no key"},
    {"name": "pictures", "description": "PlaceKitten (`/placekitten`) and dummyimage.com (`/dummyimage`) pictures, drawn here; no key"},
]
doc["components"]["schemas"].update({
    "CatBreed": {"type": "object", "description": "A breed: the hosted service's keys (`id`, `name`, "
                 "`temperament`, `description`, `origin`, scores, ...); `{}` for an unknown id.",
                 "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                "temperament": {"type": "string"}, "description": {"type": "string"},
                                "origin": {"type": "string"}, "life_span": {"type": "string"},
                                "image": ref("CatImageRef")}},
    "CatImageRef": {"type": "object", "required": ["id", "url", "width", "height"],
                    "properties": {"id": {"type": "string"}, "url": {"type": "string", "format": "uri"},
                                   "width": {"type": "integer"}, "height": {"type": "integer"}}},
    "CatCategory": {"type": "object", "required": ["id", "name"],
                    "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}},
    "CatImage": {"type": "object", "required": ["breeds", "id", "url", "width", "height"],
                 "properties": {"breeds": {"type": "array", "items": ref("CatBreed")},
                                "categories": {"type": "array", "items": ref("CatCategory")},
                                "id": {"type": "string"}, "url": {"type": "string", "format": "uri"},
                                "width": {"type": "integer"}, "height": {"type": "integer"}}},
})

_cat = "/thecatapi/v1"
doc["paths"].update({
    _cat + "/images/search": {"get": _cat_op(
        "catImageSearch", "Random (or ordered) cat pictures",
        {"200": json_body({"type": "array", "items": ref("CatImage")},
                          "Always an array; ordered searches send the pagination headers.", _pagination_headers),
         "302": {"description": "`format=src`: the first picture's URL in `Location`.",
                 "headers": {"Location": {"schema": {"type": "string"}}}}},
        [_q("limit", "Without a key: 1, or 10 for any limit above 1; with a key 1-100.", {"type": "integer"}),
         _q("page", "Page of an ordered search, from 0.", {"type": "integer"}),
         _q("order", "RANDOM (default), ASC or DESC.", {"type": "string", "enum": ["RANDOM", "ASC", "DESC"]}),
         _q("breed_ids", "Breed ids, comma-separated (`beng,abys`).", {"type": "string", "example": "beng"}),
         _q("category_ids", "Category ids, comma-separated."),
         _q("has_breeds", "`1`/`true`: only pictures of a breed.", {"type": "string", "enum": ["0", "1", "true", "false"]}),
         _q("mime_types", "`jpg`, `png`, `gif`, comma-separated."),
         _q("size", "Accepted; the answer is the same.", {"type": "string", "enum": ["full", "med", "small", "thumb"]}),
         _q("format", "`src` answers 302 to the picture.", {"type": "string", "enum": ["json", "src"]}),
         _q("api_key", "Accepted, never checked; lifts the key-less limit."),
         {"name": "x-api-key", "in": "header", "required": False, "schema": {"type": "string"},
          "description": "Accepted, never checked; lifts the key-less limit."}],
        description="The ILoveCats app's \"update photo\": `?breed_ids=<breedId>`, then store the one result's `url`.")},
    _cat + "/images/{image}": {"get": _cat_op(
        "catImage", "One picture's object",
        {"200": json_body(ref("CatImage"), "The picture."),
         "400": _text("`Couldn't find an image matching the passed 'id' of <id>`")},
        [_p("image", "A picture id.", example="O3btzLlsO")])},
    _cat + "/breeds": {"get": _cat_op(
        "catBreeds", "The 67 breeds, each with its reference image",
        {"200": json_body({"type": "array", "items": ref("CatBreed")}, "The breeds.", _pagination_headers)},
        _paging)},
    _cat + "/breeds/search": {"get": _cat_op(
        "catBreedSearch", "Breeds whose name contains `q` (any case)",
        {"200": json_body({"type": "array", "items": ref("CatBreed")}, "The matches; `[]` for none.")},
        [_q("q", "Part of a name.", {"type": "string", "example": "beng"}),
         _q("attach_image", "`1`: add each breed's `image`.", {"type": "string", "enum": ["0", "1", "true", "false"]})])},
    _cat + "/breeds/{breed}": {"get": _cat_op(
        "catBreed", "One breed (`{}` for an unknown id)",
        {"200": json_body(ref("CatBreed"), "The breed, or `{}`.")},
        [_p("breed", "A breed id.", example="beng")])},
    _cat + "/categories": {"get": _cat_op(
        "catCategories", "The seven picture categories",
        {"200": json_body({"type": "array", "items": ref("CatCategory")}, "The categories.")}, _paging)},
    "/thecatapi/images/{file}": {"get": _cat_op(
        "catImageFile", "A catalogue picture, drawn on demand",
        {"200": _picture("The picture, in the type its extension names.", ["image/jpeg", "image/png", "image/gif"]),
         "304": _not_modified,
         "404": {"description": "No such picture (or the wrong extension).",
                 "content": {TEXT: {"schema": {"type": "string"}}, JSON: {"schema": ref("Error")}}}},
        [_p("file", "`<id>.jpg`, `.png` or `.gif`, as an image object's `url` names it.", example="O3btzLlsO.jpg"),
         _if_none_match])},
})

_side = {"type": "string", "pattern": "^[0-9]+$"}
_picture_errors = {"400": {"description": "A side outside 1-4000, a bad colour or an unknown format, or a "
                                          "picture past the server's caps (`--max-picture-pixels`, "
                                          "`--max-picture-bytes`; the message names the flag).",
                           "content": {JSON: {"schema": ref("Error")}}},
                   "503": _drawing_busy}

def _pic_op(op_id, summary, params, types, description):
    return {"get": {"tags": ["pictures"], "operationId": op_id, "summary": summary, "description": description,
                    "security": [], "parameters": params + [_if_none_match],
                    "responses": {"200": _picture("The picture.", types), "304": _not_modified,
                                  **_picture_errors, **_standin_errors()}}}

_kitten_desc = "PlaceKitten: a JPEG cat of that size (sides 1-4000; one side means a square); `?image=N` picks the cat."
_w = _p("width", "Width in pixels, 1-4000.", _side, example="300")
_h = _p("height", "Height in pixels, 1-4000.", _side, example="200")
_image_q = _q("image", "Which cat (a number).")
doc["paths"].update({
    "/placekitten/{width}/{height}": _pic_op("placeKitten", "A cat picture", [_w, _h, _image_q], ["image/jpeg"], _kitten_desc),
    "/placekitten/{width}": _pic_op("placeKittenSquare", "A square cat picture", [_w, _image_q], ["image/jpeg"], _kitten_desc),
    "/placekitten/g/{width}/{height}": _pic_op("placeKittenGrey", "A grey cat picture", [_w, _h, _image_q], ["image/jpeg"], _kitten_desc),
    "/placekitten/g/{width}": _pic_op("placeKittenGreySquare", "A grey square cat picture", [_w, _image_q], ["image/jpeg"], _kitten_desc),
})
_dummy_desc = ("dummyimage.com: a placeholder with its size as text. `size` is `W`, `WxH` or `Wxa:b` (sides 1-4000), "
               "an extension (`.gif` default, `.png`, `.jpg`, `.bmp`) may end any segment; colours are 3 or 6 hex digits; "
               "`?text=` or `&text=` sets the text.")
_size = _p("size", "`W`, `WxH` or `Wxa:b`, optionally with an extension.", {"type": "string"}, example="122x217.bmp")
_bg = _p("background", "Background colour (hex).", {"type": "string"}, example="ff4444")
_fg = _p("foreground", "Text colour (hex).", {"type": "string"}, example="ffffff")
_text_q = _q("text", "The text to write (default: the size).")
doc["paths"].update({
    "/dummyimage/{size}": _pic_op("dummyImage", "A placeholder picture", [_size, _text_q], IMAGE_TYPES, _dummy_desc),
    "/dummyimage/{size}/{background}": _pic_op("dummyImageBackground", "A placeholder on a colour", [_size, _bg, _text_q], IMAGE_TYPES, _dummy_desc),
    "/dummyimage/{size}/{background}/{foreground}": _pic_op("dummyImageColours", "A placeholder in two colours", [_size, _bg, _fg, _text_q], IMAGE_TYPES, _dummy_desc),
})

# dog.ceo under /dogceo: one handler reads up to eight segments as the hosted service's router
# does (with or without /api), so the router holds one pattern per depth; docs/DOGCEO.md lists
# the routes those segments spell.
_dog_routes = ("`breeds/list/all`, `breeds/list`, `breeds/image/random`, `breeds/image/random/{n}`, "
               "`breed/{breed}/list`, `breed/{breed}/images`, `breed/{breed}/images/random`, "
               "`breed/{breed}/images/random/{n}`, `breed/{breed}/{sub}/images`, "
               "`breed/{breed}/{sub}/images/random`, `breed/{breed}/{sub}/images/random/{n}`, each also "
               "under `api/`; and the drawn pictures `breeds/{breed[-sub]}/{file}.jpg`")
_dog_json = {"application/json": {"schema": {"type": "object"}}}
doc["tags"] += [
    {"name": "dogceo", "description": "The dog.ceo API offline under `/dogceo` (docs/DOGCEO.md); no key"},
    {"name": "usda", "description": "USDA food search offline under `/usda`: the NDB search and FoodData Central (docs/USDA.md); no key"},
]
_dog_paths = {}
_dog_template = "/dogceo"
for depth in range(0, 9):
    if depth:
        _dog_template += "/{s%d}" % depth
    _dog_paths[_dog_template] = {"get": {
        "tags": ["dogceo"], "operationId": "dogCeo%d" % depth,
        "summary": "dog.ceo, %d path segment%s" % (depth, "" if depth == 1 else "s"),
        "description": "The dog.ceo routes, read segment by segment: " + _dog_routes + ". Answers "
                       "`{\"message\": ..., \"status\": \"success\"}`, or dog.ceo's error envelope with its 404 texts.",
        "security": [],
        "parameters": [_p("s%d" % i, "Path segment %d." % i) for i in range(1, depth + 1)] + [_if_none_match],
        "responses": {**_standin_errors(),
                      "200": {"description": "The envelope, or a drawn JPEG.",
                              "content": {**_dog_json, "image/jpeg": {"schema": {"type": "string", "contentEncoding": "binary"}}}},
                      "304": _not_modified,
                      "404": {"description": "dog.ceo's error envelope.", "content": _dog_json}},
    }}
    if depth == 3:
        # `breeds/{breed[-sub]}/{file}.jpg`: a drawn picture, under the caps of every stand-in picture.
        _dog_paths[_dog_template]["get"]["responses"].update({
            "400": {"description": "A picture past the server's caps (`--max-picture-pixels`, "
                                   "`--max-picture-bytes`; the message names the flag).",
                    "content": {JSON: {"schema": ref("Error")}}},
            "503": _drawing_busy})
doc["paths"].update(_dog_paths)

def _usda_op(op_id, summary, params=(), body=False, description=None, array=False):
    op = {"tags": ["usda"], "operationId": op_id, "summary": summary, "security": [],
          "parameters": list(params) + [_q("api_key", "Ignored unless the key check is on (RESTLITE_USDA_KEY_CHECK=1).")],
          "responses": {**_standin_errors(),
                        "200": {"description": "The service's answer.", "content": _dog_json},
                        "400": {"description": "A bad parameter or body.", "content": _dog_json},
                        "403": {"description": "The key check is on and the key is missing or wrong.", "content": _dog_json},
                        "404": {"description": "No food with this id.", "content": _dog_json},
                        "413": resp("PayloadTooLarge") if "PayloadTooLarge" in str(doc["components"].get("responses", {})) else {"description": "The body is too large."}}}
    if body:
        op["requestBody"] = {"required": False, "content": {"application/json": {"schema": {"type": "object"}}}}
    if array:
        op["responses"]["200"] = {"description": "An array of foods.",
                                  "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}
    if description:
        op["description"] = description
    return op

_fdc_id = _p("fdcId", "A food's FoodData Central id.", example="171705")
_usda_detail_q = [_q("format", "`full` (default) or `abridged`."),
                  _q("nutrients", "Up to 25 nutrient numbers (`203,204`) to keep.")]
_usda_q = [_q("query", "Search words."), _q("pageSize", "Results per page.", {"type": "integer"}),
           _q("pageNumber", "Page, from 1.", {"type": "integer"})]
doc["paths"].update({
    "/usda/ndb/search": {"get": _usda_op("usdaNdbSearch", "The retired NDB search", [
        _q("q", "Search words."), _q("max", "Results per page.", {"type": "integer"}),
        _q("offset", "Results to skip.", {"type": "integer"}), _q("sort", "`r` relevance or `n` name."),
        _q("format", "`json`."), _q("ds", "Data source."), _q("fg", "Food group.")])},
    "/usda/fdc/v1/search": {"post": _usda_op("usdaFdcEarlySearch", "FoodData Central's early search (2020)", body=True)},
    "/usda/fdc/v1/{fdcId}": {"get": _usda_op("usdaFdcEarlyFood", "FoodData Central's early food details (2020)", [_fdc_id])},
    "/usda/fdc/v1/foods/search": {
        "get": _usda_op("usdaFoodsSearch", "FoodData Central's food search", _usda_q),
        "post": _usda_op("usdaFoodsSearchPost", "FoodData Central's food search, criteria in the body", body=True)},
    "/usda/fdc/v1/food/{fdcId}": {"get": _usda_op("usdaFood", "FoodData Central's food details", [_fdc_id] + _usda_detail_q)},
    "/usda/fdc/v1/foods": {
        "get": _usda_op("usdaFoods", "FoodData Central: several foods by id", [
            _q("fdcIds", "1 to 20 FoodData Central ids, comma-separated or repeated; ids that match no food are left out.")] + _usda_detail_q,
            description="An array of the foods, in the order asked. No `fdcIds`, more than 20, an unknown `format` "
                        "or more than 25 `nutrients`: 400.", array=True),
        "post": _usda_op("usdaFoodsPost", "FoodData Central: several foods by id, in the body", body=True,
            description="Body `{\"fdcIds\": [...], \"format\": \"abridged\"|\"full\", \"nutrients\": [203, ...]}`; "
                        "the answer and limits of `GET`.", array=True)},
    "/usda/fdc/v1/foods/list": {
        "get": _usda_op("usdaFoodsList", "FoodData Central: the foods a page at a time, abridged", [
            _q("dataType", "`Branded`, `SR Legacy` (`Foundation`, `Survey (FNDDS)` have no foods here); comma-separated."),
            _q("pageSize", "Foods per page, 1 to 200 (default 50).", {"type": "integer"}),
            _q("pageNumber", "Page, from 1.", {"type": "integer"}),
            _q("sortBy", "`dataType.keyword`, `lowercaseDescription.keyword`, `fdcId` (default) or `publishedDate`."),
            _q("sortOrder", "`asc` or `desc`.")],
            description="An array of abridged foods; a page past the end is `[]`.", array=True),
        "post": _usda_op("usdaFoodsListPost", "FoodData Central: the paged list, criteria in the body", body=True,
                         array=True)},
})
# --- end stand-in routes ---

# --- console routes ---
# The web console (module Console; off with `serve --no-console`): its files, browser sessions, and
# the /_restlite/ key, import and export routes it uses (full-access key, or a console session).
# `GET /` with an `Accept` naming text/html also answers the console's page (not listed: a
# middleware answers it, and every other `GET /` keeps the REST API's 404).
_console_text = {"description": "An error in restdb's shape.", "content": {JSON: {"schema": ref("Error")}}}
_schemas = doc["components"]["schemas"]
_schemas["ConsoleSession"] = {"type": "object", "required": ["csrf"], "properties": {
    "csrf": {"type": "string", "description": "Send it as `X-CSRF-Token` on every request that changes data."},
    "signedIn": {"type": "boolean"}}}
_schemas["APIKeyInfo"] = {"type": "object", "required": ["key", "kind", "methods", "path", "origins", "created"],
    "properties": {"key": {"type": "string"}, "kind": {"type": "string", "enum": ["full", "scoped"]},
                   "methods": {"type": "array", "items": {"type": "string"}},
                   "path": {"type": ["string", "null"], "description": "Glob after /rest, such as /a3cats/**."},
                   "origins": {"type": "array", "items": {"type": "string"}},
                   "created": {"type": ["string", "null"], "format": "date-time"},
                   "note": {"type": "string"}}}
_schemas["APIKeyInput"] = {"type": "object", "description": "`{\"full\":true}`, or a scope.", "properties": {
    "full": {"type": "boolean"}, "methods": {"type": "array", "items": {"type": "string",
                                             "enum": ["GET", "POST", "PUT", "PATCH", "DELETE"]}},
    "path": {"type": "string"}, "origins": {"type": "array", "items": {"type": "string"}},
    "note": {"type": "string"}}}
_schemas["ImportPreview"] = {"type": "object", "required": ["format", "rows", "count", "schema"], "properties": {
    "format": {"type": "string", "enum": ["json", "jsonl", "csv"]},
    "rows": {"type": "array", "items": {"type": "object"}, "description": "The first 10 documents."},
    "count": {"type": "integer"},
    "schema": {"type": "object", "properties": {"fields": {"type": "array", "items": ref("Field")}}}}}
_schemas["ImportResult"] = {"type": "object", "required": ["collection", "imported", "schema"], "properties": {
    "collection": {"type": "string"}, "imported": {"type": "integer"},
    "schema": {"type": "object", "properties": {"fields": {"type": "array", "items": ref("Field")}}}}}
_schemas["Error"]["properties"]["line"] = {
    "type": "integer", "description": "Imports: the line of the uploaded file at fault."}
_file_body = {"required": True, "description": "The file itself (JSON array, JSON lines or CSV).", "content": {
    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}
_format_q = {"name": "format", "in": "query", "required": False, "description": "Detected from the content "
             "when absent.", "schema": {"type": "string", "enum": ["json", "jsonl", "csv"]}}
_no_key = []
def _console_op(op_id, summary, responses, params=None, body=None, security_=None):
    op = {"tags": ["console"], "operationId": op_id, "summary": summary, "responses": responses}
    if params:
        op["parameters"] = params
    if body:
        op["requestBody"] = body
    if security_ is not None:
        op["security"] = security_
    return op
_cookie = {"Set-Cookie": {"description": "`restlite_session=<32 hex>; Path=/; HttpOnly; SameSite=Strict`",
                          "schema": {"type": "string"}}}
def _sign_in_page(description):
    return {"description": description, "content": {"text/html": {"schema": {"type": "string"}}}}
doc["tags"].append({"name": "console", "description": "The web console's files and sessions, and the key, "
                    "import and export routes it uses (full-access key or console session)"})
doc["paths"].update({
    "/_console/{file}": {"get": _console_op(
        "consoleFile", "A file of the console (`Cache-Control: no-cache`, `ETag`, strict CSP)",
        {"200": {"description": "The file, with its content type."}, "304": {"description": "Not modified."},
         "404": resp("NotFound")},
        params=[{"name": "file", "in": "path", "required": True, "schema": {"type": "string"}}],
        security_=_no_key)},
    "/_console/session": {
        "get": _console_op("consoleSession", "The CSRF token of the cookie's session",
                           {"200": json_body(ref("ConsoleSession"), "Signed in."), "401": resp("Unauthorized")},
                           security_=_no_key),
        "post": _console_op("consoleSignIn", "Sign in with a full-access key; sets the session cookie",
                            {"200": json_body(ref("ConsoleSession"), "Signed in.", _cookie),
                             "400": resp("BadRequest"), "401": resp("Unauthorized"), "403": resp("Forbidden")},
                            body={"required": True, "content": {JSON: {"schema": {
                                "type": "object", "required": ["key"], "properties": {"key": {"type": "string"}}}}}},
                            security_=_no_key),
        "delete": _console_op("consoleSignOut", "Sign out: the session is forgotten, the cookie cleared",
                              {"200": json_body({"type": "object"}, "Signed out.", _cookie),
                               "403": resp("Forbidden")}, security_=_no_key)},
    "/_console/signin": {"get": _console_op(
        "consoleOneClickSignIn",
        "Sign in from the link the banner prints (a single-use code, valid 5 minutes); 303 to `/`",
        {"303": {"description": "Signed in; the browser goes to `/`.", "headers": _cookie},
         "400": _sign_in_page("The link carries `key=`: keys never go in a URL; the page says how to sign in."),
         "401": _sign_in_page("The code was used already, expired or is unknown; the page says what to do."),
         "403": _sign_in_page("The code's key was removed or is not a full-access key.")},
        params=[_query("code", "The single-use code of the banner's link.")], security_=_no_key)},
    "/_restlite/keys": {
        "get": _admin_op("listKeys", "Every accepted key with its scope", "200",
                         {"type": "array", "items": ref("APIKeyInfo")}, "The keys."),
        "post": _admin_op("addKey", "Add a key to keys.json; it works from the next request on", "201",
                          ref("APIKeyInfo"), "The new key.", body=ref("APIKeyInput"))},
    "/_restlite/keys/{key}": {"delete": _admin_op(
        "removeKey", "Remove a key from keys.json; it stops working at once", "200", ref("IDList"),
        "`{\"result\":[key]}`.", params=[{"name": "key", "in": "path", "required": True,
                                           "schema": {"type": "string"}}], extra=("404",))},
    "/_restlite/import/preview": {"post": _admin_op(
        "previewImport", "Read a file as an import would, store nothing", "200", ref("ImportPreview"),
        "The first rows, the count and the schema a new collection would get.", params=[_format_q])},
    "/_restlite/import": {"post": _admin_op(
        "importFile", "Import a file into a collection, all or nothing", "201", ref("ImportResult"),
        "What was imported.", params=[_query("collection", "The collection (created when new)."), _format_q,
                                      _query("replace", "`true` empties the collection first.")])},
    "/_restlite/export/{collection}": {"get": _admin_op(
        "exportFile", "The whole collection as a file (`Content-Disposition: attachment`)", "200",
        {"type": "array", "items": ref("Document")}, "The file (JSON, JSON lines or CSV).",
        params=[param("collection"), _format_q,
                _query("metafields", "`true` adds the system fields (`_created`, `_changed`, ...)."),
                _query("raw", "CSV: `true` writes cells as they are; by default text a spreadsheet would run as a "
                       "formula (starting with `=`, `+`, `-`, `@`, tab, CR) gets a `'` in front.")],
        extra=("404",))},
    "/_restlite": {"get": {
        "tags": ["admin"], "operationId": "adminIndex",
        "summary": "This list: every /_restlite/ route with a one-line description (no key needed)",
        "description": "JSON for clients; an HTML page when `Accept` prefers `text/html` (a browser "
                       "following the banner's `admin:` link). Lists the admin routes only when they are on.",
        "security": [],
        "responses": {"200": {"description": "The routes.", "content": {
            JSON: {"schema": {"type": "object", "required": ["routes"], "properties": {
                "routes": {"type": "array", "items": {"type": "object", "required": ["method", "path", "description"],
                           "properties": {"method": {"type": "string"}, "path": {"type": "string"},
                                          "description": {"type": "string"}}}},
                "key": {"type": "string"}, "docs": {"type": "string"}}}},
            "text/html": {"schema": {"type": "string"}}}}}}},
    "/_restlite/indexes": {"get": _admin_op(
        "listIndexes", "The field indexes, declared and automatic (`restlite index list`)", "200",
        {"type": "object", "required": ["indexes"], "properties": {"indexes": {"type": "array", "items": {
            "type": "object", "required": ["collection", "field", "purposes", "automatic"],
            "properties": {"collection": {"type": "string"}, "field": {"type": "string"},
                           "purposes": {"type": "array", "items": {"type": "string", "enum": ["filter", "sort"]}},
                           "automatic": {"type": "boolean"},
                           "reads": {"type": "integer", "minimum": 0},
                           "lastRead": {"type": ["string", "null"], "format": "date-time"}}}}}},
        "By collection and field; `automatic` for those the server built for fields slow reads used, "
        "which also give `reads` (reads that used it since the server started) and `lastRead` "
        "(the last of them, null before the first).",
        params=[_query("collection", "Only this collection.")], extra=("404",)),
                           "post": _admin_op(
        "createIndex", "Index a field of a collection, as `restlite index add` does (idempotent)", "200",
        {"type": "object", "required": ["collection", "field"],
         "properties": {"collection": {"type": "string"}, "field": {"type": "string"}}},
        "`{\"collection\":\"a3cats\",\"field\":\"rating\"}`.",
        body={"type": "object", "required": ["collection", "field"],
              "properties": {"collection": {"type": "string"}, "field": {"type": "string"}}}, extra=("404",))},
    "/_restlite/indexes/{collection}/{field}": {"delete": _admin_op(
        "removeIndex", "Remove a field's indexes, declared or automatic (`restlite index remove`)", "200",
        {"type": "object", "required": ["collection", "removed"],
         "properties": {"collection": {"type": "string"}, "removed": {"type": "string"}}},
        "`{\"collection\":\"a3cats\",\"removed\":\"rating\"}`.",
        params=[param("collection"), {"name": "field", "in": "path", "required": True,
                                      "description": "The field name or dotted path.", "schema": {"type": "string"}}],
        extra=("404",))},
    "/_restlite/photos": {"post": _admin_op(
        "switchPhotos", "Point stored photo URLs at this server's stand-ins, or back (`restlite photos`)", "200",
        {"type": "object", "required": ["to", "documents", "values"],
         "properties": {"to": {"type": "string"}, "base": {"type": "string"},
                        "documents": {"type": "integer"}, "values": {"type": "integer"}}},
        "How many documents and values changed.",
        body={"type": "object", "required": ["to"],
              "properties": {"to": {"type": "string", "enum": ["local", "remote"]}, "base": {"type": "string"},
                             "collection": {"type": "string"}}}, extra=("404",))},
    "/_restlite/collections/{collection}": {"delete": _admin_op(
        "dropCollection", "Drop a collection with its documents, schema, indexes and their children (one transaction)", "200",
        {"type": "object", "required": ["dropped", "documents"],
         "properties": {"dropped": {"type": "string"}, "documents": {"type": "integer"}}},
        "`{\"dropped\":\"a3cats\",\"documents\":100}`.", params=[param("collection")], extra=("404",))},
})
for _path in ["/_restlite/import/preview", "/_restlite/import"]:
    doc["paths"][_path]["post"]["requestBody"] = _file_body
doc["paths"]["/_restlite/export/{collection}"]["get"]["responses"]["200"]["content"]["text/csv"] = {
    "schema": {"type": "string"}}
doc["paths"]["/_restlite/export/{collection}"]["get"]["responses"]["200"]["content"][
    "application/x-ndjson"] = {"schema": {"type": "string"}}  # JSON lines (format=jsonl)
doc["paths"]["/_restlite/photos"]["post"]["responses"]["409"] = resp("Conflict")  # --no-standins
# The last full-access key and keys given with --apikey cannot be removed.
doc["paths"]["/_restlite/keys/{key}"]["delete"]["responses"]["409"] = resp("Conflict")
_if_match = {"name": "If-Match", "in": "header", "required": False, "description": "restlite extension: "
             "`\"<_version>\"`; when the stored `_version` differs the answer is 409 and nothing changes.",
             "schema": {"type": "string"}}
for _method in ["put", "patch"]:
    _op = doc["paths"]["/rest/{collection}/{id}"][_method]
    _op.setdefault("parameters", []).append(_if_match)
    _op["responses"]["409"] = resp("Conflict")
# --- end console routes ---


# --- media routes ---
# restdb's media archive: POST /media (multipart/form-data, one or more files) answers the new
# ids; files are read by id or by original name without a key (pictures go in plain <img src>),
# with ?s=t (128 px) and ?s=w (640 px) thumbnails; metadata, uploads and deletes need a key.
_schemas = doc["components"]["schemas"]
for _kind in ["image", "file"]:
    if _kind not in _schemas["Field"]["properties"]["type"]["enum"]:
        _schemas["Field"]["properties"]["type"]["enum"].append(_kind)
_schemas["MediaUpload"] = {
    "type": "object", "required": ["msg", "uploadid", "ids"],
    "properties": {"msg": {"type": "string", "const": "OK"}, "uploadid": ref("ObjectID"),
                   "ids": {"type": "array", "items": ref("ObjectID"),
                           "description": "The stored files' ids, in the order of the form's file parts."}}}
_schemas["MediaMeta"] = {
    "type": "object", "required": ["_id", "_created", "origname", "size", "mimetype"],
    "properties": {"_id": ref("ObjectID"), "_created": {"type": "string", "format": "date-time"},
                   "_createdby": {"type": "string"},
                   "origname": {"type": "string", "description": "The client's file name (metadata only)."},
                   "file": {"type": "string", "description": "The stored file's name: its id."},
                   "size": {"type": "integer"},
                   "mimetype": {"type": "string",
                                "description": "Sniffed for JPEG, PNG, GIF and BMP; else the part's Content-Type."},
                   "fieldname": {"type": "string", "description": "The form field the file came in."}}}
_params = doc["components"]["parameters"]
_params["mediaName"] = {"name": "name", "in": "path", "required": True,
                        "description": "A media id, or a file's original name (the newest upload of that name).",
                        "schema": {"type": "string"}}
_params["thumbnailSize"] = {"name": "s", "in": "query",
                            "description": "`t`: thumbnail, longest side 128 px; `w`: web size, 640 px. "
                                           "Never enlarged; JPEG for JPEG files, PNG for PNG and GIF.",
                            "schema": {"type": "string", "enum": ["t", "w"]}}
_media_headers = {
    "ETag": {"description": "A strong validator (`\"<id>-<size>\"`, or `\"<id>-t\"` for a thumbnail).",
             "schema": {"type": "string"}},
    "Cache-Control": {"schema": {"type": "string"}},
    "Accept-Ranges": {"schema": {"type": "string"}}}
_any_file = {"*/*": {"schema": {"type": "string", "format": "binary"}}}
doc["tags"].append({"name": "media", "description": "restdb's media archive: uploads, files, thumbnails"})
doc["paths"]["/media"] = {
    "get": {
        "tags": ["media"], "operationId": "listMedia", "summary": "Every stored file's metadata (restlite's own)",
        "responses": {"200": json_body({"type": "array", "items": ref("MediaMeta")}, "Oldest first."), **errors()}},
    "post": {
        "tags": ["media"], "operationId": "uploadMedia",
        "summary": "Store one or more files (all or none); parts without a filename are ignored",
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
            "type": "object", "additionalProperties": {"type": "string", "format": "binary"}}}}},
        "responses": {"201": json_body(ref("MediaUpload"), "The new ids."), **errors()}},
}
doc["paths"]["/media/{name}"] = {
    "parameters": [param("mediaName")],
    "get": {
        "tags": ["media"], "operationId": "getMedia", "security": [],
        "summary": "The file (or its thumbnail), with ETag/If-None-Match and single byte ranges",
        "parameters": [param("thumbnailSize"),
                       {"name": "Range", "in": "header", "schema": {"type": "string"},
                        "description": "One range, `bytes=a-b`, `bytes=a-` or `bytes=-n`; a list gets the whole file."},
                       {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}}],
        "responses": {
            "200": {"description": "The file, with its content type.", "headers": _media_headers,
                    "content": _any_file},
            "206": {"description": "The requested range.",
                    "headers": {**_media_headers, "Content-Range": {"schema": {"type": "string"}}},
                    "content": _any_file},
            "304": {"description": "The client's copy (If-None-Match) is current."},
            "416": json_body(ref("Error"), "No byte of the range lies in the file; `Content-Range: bytes */<size>`."),
            **errors(),
            "503": _busy("`?s=t` or `?s=w` of a file not made into a thumbnail yet while every decoding turn "
                         "is taken (two at once); `Retry-After: 1`.", 1)}},
    "delete": {
        "tags": ["media"], "operationId": "deleteMedia", "summary": "Delete the file",
        "responses": {"200": json_body(ref("IDList"), "The id deleted."), **errors()}},
}
doc["paths"]["/media/{name}/meta"] = {
    "parameters": [param("mediaName")],
    "get": {
        "tags": ["media"], "operationId": "getMediaMeta", "summary": "The file's metadata",
        "responses": {"200": json_body(ref("MediaMeta"), "The metadata."), **errors()}},
}
# --- end media routes ---


# docs/openapi.json is a link to this file, which the binary embeds (Package.swift).
out = sys.argv[1] if len(sys.argv) > 1 else "Sources/RestDBAPI/OpenAPI/openapi.json"
with open(out, "w") as f:
    json.dump(doc, f, indent=2, ensure_ascii=False)
    f.write("\n")
print("wrote", out)
