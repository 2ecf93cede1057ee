/// restlite's OpenAPI 3.1 document, served at `GET /openapi.json`. `docs/openapi.json` holds the
/// same text; `OpenAPIDocumentTests` fails when the two differ or a route is missing from it.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "restlite",
            "version": "1.0.0",
            "summary": "A local stand-in for a hosted restdb.io database.",
            "description": "restdb.io's REST API (`/rest/<collection>`, the query language, API keys, CORS, errors) served by one program on your own machine. See docs/API.md for the compatibility table and docs/QUERY.md for the query language.",
            "license": {
              "name": "MIT",
              "identifier": "MIT"
            }
          },
          "servers": [
            {
              "url": "http://127.0.0.1:8080",
              "description": "restlite serve (default port)"
            }
          ],
          "security": [
            {
              "apiKeyHeader": []
            },
            {
              "apiKeyQuery": []
            },
            {
              "bearerKey": []
            }
          ],
          "tags": [
            {
              "name": "documents",
              "description": "restdb's `/rest/<collection>` routes"
            },
            {
              "name": "collections",
              "description": "collections and their schemas"
            },
            {
              "name": "server",
              "description": "health and this document"
            },
            {
              "name": "admin",
              "description": "`/_restlite/` routes for test suites: reset, snapshots, request journal, fault rules (full-access key)"
            },
            {
              "name": "children",
              "description": "child collections of one parent document"
            },
            {
              "name": "realtime",
              "description": "Server-Sent Events of writes and messages"
            },
            {
              "name": "thecatapi",
              "description": "TheCatAPI's `/v1` routes, offline, under `/thecatapi` (docs/THECATAPI.md); no key"
            },
            {
              "name": "pictures",
              "description": "PlaceKitten (`/placekitten`) and dummyimage.com (`/dummyimage`) pictures, drawn here; no key"
            },
            {
              "name": "console",
              "description": "The web console's files and sessions, and the key, import and export routes it uses (full-access key or console session)"
            },
            {
              "name": "media",
              "description": "restdb's media archive: uploads, files, thumbnails"
            }
          ],
          "paths": {
            "/health": {
              "get": {
                "tags": [
                  "server"
                ],
                "operationId": "health",
                "summary": "Is the server up (no key needed)",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The server answers.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Health"
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/openapi.json": {
              "get": {
                "tags": [
                  "server"
                ],
                "operationId": "openapi",
                "summary": "This document (no key needed)",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The OpenAPI 3.1 document of restlite.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/rest/_meta": {
              "get": {
                "tags": [
                  "collections"
                ],
                "operationId": "listCollections",
                "summary": "Every collection with its document count",
                "responses": {
                  "200": {
                    "description": "The collections, by name.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CollectionList"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/rest/{collection}/_meta": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/collection"
                }
              ],
              "get": {
                "tags": [
                  "collections"
                ],
                "operationId": "getSchema",
                "summary": "A collection's schema and count",
                "responses": {
                  "200": {
                    "description": "The collection's schema.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CollectionSchema"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "put": {
                "tags": [
                  "collections"
                ],
                "operationId": "setSchema",
                "summary": "Set a new or empty collection's schema (restlite extension; full-access keys)",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/SchemaInput"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The schema as GET answers it.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CollectionSchema"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  }
                }
              }
            },
            "/rest/{collection}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/collection"
                }
              ],
              "get": {
                "tags": [
                  "documents"
                ],
                "operationId": "listDocuments",
                "summary": "Documents of a collection, filtered, sorted, paged or grouped",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/q"
                  },
                  {
                    "$ref": "#/components/parameters/h"
                  },
                  {
                    "$ref": "#/components/parameters/filter"
                  },
                  {
                    "$ref": "#/components/parameters/sort"
                  },
                  {
                    "$ref": "#/components/parameters/dir"
                  },
                  {
                    "$ref": "#/components/parameters/skip"
                  },
                  {
                    "$ref": "#/components/parameters/max"
                  },
                  {
                    "$ref": "#/components/parameters/totals"
                  },
                  {
                    "$ref": "#/components/parameters/metafields"
                  },
                  {
                    "$ref": "#/components/parameters/groupby"
                  },
                  {
                    "$ref": "#/components/parameters/aggregate"
                  },
                  {
                    "$ref": "#/components/parameters/fetchchildren"
                  },
                  {
                    "$ref": "#/components/parameters/idtolink"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "A bare array, or `{data, totals}` with `totals=true`. Grouped lists are arrays of group objects.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "oneOf": [
                            {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Document"
                              }
                            },
                            {
                              "$ref": "#/components/schemas/ListWithTotals"
                            }
                          ]
                        }
                      }
                    },
                    "headers": {
                      "X-Pagination": {
                        "description": "The list's totals as JSON: `{\"total\":6,\"count\":2,\"skip\":1,\"max\":2}`.",
                        "schema": {
                          "type": "string"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "post": {
                "tags": [
                  "documents"
                ],
                "operationId": "createDocuments",
                "summary": "Create one document (object) or many (array, all or nothing)",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/validate"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "oneOf": [
                          {
                            "$ref": "#/components/schemas/DocumentInput"
                          },
                          {
                            "type": "array",
                            "items": {
                              "$ref": "#/components/schemas/DocumentInput"
                            }
                          }
                        ]
                      }
                    },
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The stored document(s) with system fields.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "oneOf": [
                            {
                              "$ref": "#/components/schemas/StoredDocument"
                            },
                            {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/StoredDocument"
                              }
                            }
                          ]
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/rest/{collection}/{id}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/collection"
                },
                {
                  "$ref": "#/components/parameters/id"
                }
              ],
              "get": {
                "tags": [
                  "documents"
                ],
                "operationId": "getDocument",
                "summary": "One document by id",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/metafields"
                  },
                  {
                    "$ref": "#/components/parameters/fetchchildren"
                  },
                  {
                    "$ref": "#/components/parameters/idtolink"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The document.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Document"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "put": {
                "tags": [
                  "documents"
                ],
                "operationId": "updateDocument",
                "summary": "Merge fields or apply update operators; `*` with `q` updates every match",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/qBulk"
                  },
                  {
                    "name": "If-Match",
                    "in": "header",
                    "required": false,
                    "description": "restlite extension: `\"<_version>\"`; when the stored `_version` differs the answer is 409 and nothing changes.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/UpdateInput"
                      }
                    },
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The whole document after the update, or `{result:[ids]}` for `*`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "oneOf": [
                            {
                              "$ref": "#/components/schemas/StoredDocument"
                            },
                            {
                              "$ref": "#/components/schemas/IDList"
                            }
                          ]
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  }
                }
              },
              "patch": {
                "tags": [
                  "documents"
                ],
                "operationId": "patchDocument",
                "summary": "The same as PUT",
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/UpdateInput"
                      }
                    },
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The whole document after the update.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/StoredDocument"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  }
                },
                "parameters": [
                  {
                    "name": "If-Match",
                    "in": "header",
                    "required": false,
                    "description": "restlite extension: `\"<_version>\"`; when the stored `_version` differs the answer is 409 and nothing changes.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ]
              },
              "delete": {
                "tags": [
                  "documents"
                ],
                "operationId": "deleteDocuments",
                "summary": "Delete one document; `*` with a JSON array of ids or with `q` deletes many",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/qBulk"
                  }
                ],
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "array",
                        "items": {
                          "$ref": "#/components/schemas/ObjectID"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The ids that were deleted.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/IDList"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/_restlite/reset": {
              "post": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminReset",
                "summary": "Put the data back to what the server started with (one transaction)",
                "responses": {
                  "200": {
                    "description": "The data is back to the start-up state.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdminReset"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/_restlite/snapshots": {
              "get": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminListSnapshots",
                "summary": "The saved snapshots",
                "responses": {
                  "200": {
                    "description": "Snapshots by name.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/AdminSnapshot"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/_restlite/snapshots/{name}": {
              "parameters": [
                {
                  "name": "name",
                  "in": "path",
                  "required": true,
                  "description": "Snapshot name: 1 to 64 letters, digits, `-`, `_` or `.`.",
                  "schema": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._-]{1,64}$"
                  }
                }
              ],
              "post": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminSaveSnapshot",
                "summary": "Save all collections, schemas and documents under a name",
                "responses": {
                  "201": {
                    "description": "The snapshot was saved (an older one of that name is replaced).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdminSnapshot"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "delete": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminDeleteSnapshot",
                "summary": "Remove a snapshot",
                "responses": {
                  "200": {
                    "description": "The snapshot is gone.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "deleted": {
                              "type": "string"
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
            },
            "/_restlite/snapshots/{name}/restore": {
              "parameters": [
                {
                  "name": "name",
                  "in": "path",
                  "required": true,
                  "description": "Snapshot name: 1 to 64 letters, digits, `-`, `_` or `.`.",
                  "schema": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._-]{1,64}$"
                  }
                }
              ],
              "post": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminRestoreSnapshot",
                "summary": "Bring a snapshot back (one transaction)",
                "responses": {
                  "200": {
                    "description": "The data is the snapshot's.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdminSnapshot"
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
            },
            "/_restlite/journal": {
              "get": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminJournal",
                "summary": "The last requests answered (oldest first; admin requests are not recorded)",
                "responses": {
                  "200": {
                    "description": "The journal entries the filters keep.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/AdminJournalEntry"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "parameters": [
                  {
                    "name": "method",
                    "in": "query",
                    "required": false,
                    "description": "Only this method (any case).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "path",
                    "in": "query",
                    "required": false,
                    "description": "Only paths matching this glob (`*` any run, `?` one character), e.g. `/rest/a3cats/*`.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "status",
                    "in": "query",
                    "required": false,
                    "description": "Only this status (`404`) or class (`4xx`).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ]
              },
              "delete": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminClearJournal",
                "summary": "Forget every journal entry",
                "responses": {
                  "200": {
                    "description": "How many entries were removed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "cleared": {
                              "type": "integer"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/_restlite/faults": {
              "get": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminListFaults",
                "summary": "The fault rules in force, with their remaining uses",
                "responses": {
                  "200": {
                    "description": "Rules in the order they apply.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/AdminFaultRule"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "post": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminAddFault",
                "summary": "Add a fault rule",
                "responses": {
                  "201": {
                    "description": "The rule as stored, with its id.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdminFaultRule"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/AdminFaultRule"
                      }
                    }
                  }
                }
              },
              "delete": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminRemoveFaults",
                "summary": "Remove every fault rule",
                "responses": {
                  "200": {
                    "description": "How many rules were removed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "removed": {
                              "type": "integer"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/_restlite/faults/{id}": {
              "parameters": [
                {
                  "name": "id",
                  "in": "path",
                  "required": true,
                  "description": "A fault rule's id (`f1`, or the id the rule was given).",
                  "schema": {
                    "type": "string"
                  }
                }
              ],
              "delete": {
                "tags": [
                  "admin"
                ],
                "operationId": "adminRemoveFault",
                "summary": "Remove one fault rule",
                "responses": {
                  "200": {
                    "description": "The rule is gone.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "removed": {
                              "type": "string"
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
            },
            "/rest/{collection}/{id}/{child}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/collection"
                },
                {
                  "$ref": "#/components/parameters/parentId"
                },
                {
                  "$ref": "#/components/parameters/child"
                }
              ],
              "get": {
                "tags": [
                  "children"
                ],
                "operationId": "listChildren",
                "summary": "The parent's children, with the list parameters of any list",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/q"
                  },
                  {
                    "$ref": "#/components/parameters/h"
                  },
                  {
                    "$ref": "#/components/parameters/filter"
                  },
                  {
                    "$ref": "#/components/parameters/sort"
                  },
                  {
                    "$ref": "#/components/parameters/dir"
                  },
                  {
                    "$ref": "#/components/parameters/skip"
                  },
                  {
                    "$ref": "#/components/parameters/max"
                  },
                  {
                    "$ref": "#/components/parameters/totals"
                  },
                  {
                    "$ref": "#/components/parameters/metafields"
                  },
                  {
                    "$ref": "#/components/parameters/groupby"
                  },
                  {
                    "$ref": "#/components/parameters/aggregate"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The children (`[]` when there are none).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "oneOf": [
                            {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/Document"
                              }
                            },
                            {
                              "$ref": "#/components/schemas/ListWithTotals"
                            }
                          ]
                        }
                      }
                    },
                    "headers": {
                      "X-Pagination": {
                        "description": "The list's totals as JSON: `{\"total\":6,\"count\":2,\"skip\":1,\"max\":2}`.",
                        "schema": {
                          "type": "string"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "post": {
                "tags": [
                  "children"
                ],
                "operationId": "createChildren",
                "summary": "Store one child, or an array of children (all or none)",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/validate"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "oneOf": [
                          {
                            "$ref": "#/components/schemas/DocumentInput"
                          },
                          {
                            "type": "array",
                            "items": {
                              "$ref": "#/components/schemas/DocumentInput"
                            }
                          }
                        ]
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The stored child(ren) with system fields and the parent link.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "oneOf": [
                            {
                              "$ref": "#/components/schemas/ChildDocument"
                            },
                            {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/ChildDocument"
                              }
                            }
                          ]
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/rest/{collection}/{id}/{child}/{childId}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/collection"
                },
                {
                  "$ref": "#/components/parameters/parentId"
                },
                {
                  "$ref": "#/components/parameters/child"
                },
                {
                  "$ref": "#/components/parameters/childId"
                }
              ],
              "get": {
                "tags": [
                  "children"
                ],
                "operationId": "getChild",
                "summary": "One child of this parent",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/metafields"
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The child.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Document"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "put": {
                "tags": [
                  "children"
                ],
                "operationId": "updateChild",
                "summary": "Merge fields or apply update operators; the parent link stays",
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/UpdateInput"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The whole child after the update.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ChildDocument"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "patch": {
                "tags": [
                  "children"
                ],
                "operationId": "patchChild",
                "summary": "The same as PUT",
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/UpdateInput"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The whole child after the update.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ChildDocument"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "delete": {
                "tags": [
                  "children"
                ],
                "operationId": "deleteChild",
                "summary": "Delete one child (and its own children)",
                "responses": {
                  "200": {
                    "description": "The id deleted.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/IDList"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/realtime": {
              "get": {
                "tags": [
                  "realtime"
                ],
                "operationId": "realtimeEvents",
                "summary": "Stream events (text/event-stream) until the client leaves",
                "description": "Events `post` and `put` carry `{\"collection\":..., \"data\": document}`, `delete` carries `{\"collection\":..., \"data\": [ids]}`, `publish` the JSON that was posted, `ping` the server's time. Every event has an increasing `id`; `Last-Event-ID` (or `lastEventId`) resumes from the last 1,000 events. A scoped key receives the collections it may GET.",
                "parameters": [
                  {
                    "name": "lastEventId",
                    "in": "query",
                    "description": "Resume after this event id.",
                    "schema": {
                      "type": "integer"
                    }
                  },
                  {
                    "name": "Last-Event-ID",
                    "in": "header",
                    "description": "Resume after this event id (EventSource sends it).",
                    "schema": {
                      "type": "integer"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The event stream; it stays open.",
                    "content": {
                      "text/event-stream": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "post": {
                "tags": [
                  "realtime"
                ],
                "operationId": "realtimePublish",
                "summary": "Publish a JSON message to every subscriber as a `publish` event",
                "description": "Needs a full-access key, or a scoped key whose scope allows POST on `/realtime`.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The message was queued for every subscriber.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "result",
                            "id"
                          ],
                          "properties": {
                            "result": {
                              "type": "string",
                              "enum": [
                                "published"
                              ]
                            },
                            "id": {
                              "type": "integer"
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
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/thecatapi/v1/images/search": {
              "get": {
                "tags": [
                  "thecatapi"
                ],
                "operationId": "catImageSearch",
                "summary": "Random (or ordered) cat pictures",
                "security": [],
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "Without a key: 1, or 10 for any limit above 1; with a key 1-100.",
                    "schema": {
                      "type": "integer"
                    }
                  },
                  {
                    "name": "page",
                    "in": "query",
                    "required": false,
                    "description": "Page of an ordered search, from 0.",
                    "schema": {
                      "type": "integer"
                    }
                  },
                  {
                    "name": "order",
                    "in": "query",
                    "required": false,
                    "description": "RANDOM (default), ASC or DESC.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "RANDOM",
                        "ASC",
                        "DESC"
                      ]
                    }
                  },
                  {
                    "name": "breed_ids",
                    "in": "query",
                    "required": false,
                    "description": "Breed ids, comma-separated (`beng,abys`).",
                    "schema": {
                      "type": "string",
                      "example": "beng"
                    }
                  },
                  {
                    "name": "category_ids",
                    "in": "query",
                    "required": false,
                    "description": "Category ids, comma-separated.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "has_breeds",
                    "in": "query",
                    "required": false,
                    "description": "`1`/`true`: only pictures of a breed.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "0",
                        "1",
                        "true",
                        "false"
                      ]
                    }
                  },
                  {
                    "name": "mime_types",
                    "in": "query",
                    "required": false,
                    "description": "`jpg`, `png`, `gif`, comma-separated.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "size",
                    "in": "query",
                    "required": false,
                    "description": "Accepted; the answer is the same.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "full",
                        "med",
                        "small",
                        "thumb"
                      ]
                    }
                  },
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "description": "`src` answers 302 to the picture.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "json",
                        "src"
                      ]
                    }
                  },
                  {
                    "name": "api_key",
                    "in": "query",
                    "required": false,
                    "description": "Accepted, never checked; lifts the key-less limit.",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "x-api-key",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "Accepted, never checked; lifts the key-less limit."
                  }
                ],
                "responses": {
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "200": {
                    "description": "Always an array; ordered searches send the pagination headers.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/CatImage"
                          }
                        }
                      }
                    },
                    "headers": {
                      "Pagination-Count": {
                        "description": "How many match.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Pagination-Page": {
                        "description": "The page sent.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Pagination-Limit": {
                        "description": "The page size used.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "302": {
                    "description": "`format=src`: the first picture's URL in `Location`.",
                    "headers": {
                      "Location": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                },
                "description": "The ILoveCats app's \"update photo\": `?breed_ids=<breedId>`, then store the one result's `url`."
              }
            },
            "/thecatapi/v1/images/{image}": {
              "get": {
                "tags": [
                  "thecatapi"
                ],
                "operationId": "catImage",
                "summary": "One picture's object",
                "security": [],
                "parameters": [
                  {
                    "name": "image",
                    "in": "path",
                    "required": true,
                    "description": "A picture id.",
                    "schema": {
                      "type": "string"
                    },
                    "example": "O3btzLlsO"
                  }
                ],
                "responses": {
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "200": {
                    "description": "The picture.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CatImage"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "`Couldn't find an image matching the passed 'id' of <id>`",
                    "content": {
                      "text/plain; charset=utf-8": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/thecatapi/v1/breeds": {
              "get": {
                "tags": [
                  "thecatapi"
                ],
                "operationId": "catBreeds",
                "summary": "The 67 breeds, each with its reference image",
                "security": [],
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "Results per page.",
                    "schema": {
                      "type": "integer"
                    }
                  },
                  {
                    "name": "page",
                    "in": "query",
                    "required": false,
                    "description": "Page number, from 0.",
                    "schema": {
                      "type": "integer"
                    }
                  }
                ],
                "responses": {
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "200": {
                    "description": "The breeds.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/CatBreed"
                          }
                        }
                      }
                    },
                    "headers": {
                      "Pagination-Count": {
                        "description": "How many match.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Pagination-Page": {
                        "description": "The page sent.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Pagination-Limit": {
                        "description": "The page size used.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/thecatapi/v1/breeds/search": {
              "get": {
                "tags": [
                  "thecatapi"
                ],
                "operationId": "catBreedSearch",
                "summary": "Breeds whose name contains `q` (any case)",
                "security": [],
                "parameters": [
                  {
                    "name": "q",
                    "in": "query",
                    "required": false,
                    "description": "Part of a name.",
                    "schema": {
                      "type": "string",
                      "example": "beng"
                    }
                  },
                  {
                    "name": "attach_image",
                    "in": "query",
                    "required": false,
                    "description": "`1`: add each breed's `image`.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "0",
                        "1",
                        "true",
                        "false"
                      ]
                    }
                  }
                ],
                "responses": {
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "200": {
                    "description": "The matches; `[]` for none.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/CatBreed"
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "/thecatapi/v1/breeds/{breed}": {
              "get": {
                "tags": [
                  "thecatapi"
                ],
                "operationId": "catBreed",
                "summary": "One breed (`{}` for an unknown id)",
                "security": [],
                "parameters": [
                  {
                    "name": "breed",
                    "in": "path",
                    "required": true,
                    "description": "A breed id.",
                    "schema": {
                      "type": "string"
                    },
                    "example": "beng"
                  }
                ],
                "responses": {
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "200": {
                    "description": "The breed, or `{}`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CatBreed"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/thecatapi/v1/categories": {
              "get": {
                "tags": [
                  "thecatapi"
                ],
                "operationId": "catCategories",
                "summary": "The seven picture categories",
                "security": [],
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "description": "Results per page.",
                    "schema": {
                      "type": "integer"
                    }
                  },
                  {
                    "name": "page",
                    "in": "query",
                    "required": false,
                    "description": "Page number, from 0.",
                    "schema": {
                      "type": "integer"
                    }
                  }
                ],
                "responses": {
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "200": {
                    "description": "The categories.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/CatCategory"
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "/thecatapi/images/{file}": {
              "get": {
                "tags": [
                  "thecatapi"
                ],
                "operationId": "catImageFile",
                "summary": "A catalogue picture, drawn on demand",
                "security": [],
                "parameters": [
                  {
                    "name": "file",
                    "in": "path",
                    "required": true,
                    "description": "`<id>.jpg`, `.png` or `.gif`, as an image object's `url` names it.",
                    "schema": {
                      "type": "string"
                    },
                    "example": "O3btzLlsO.jpg"
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "404": {
                    "description": "No such picture (or the wrong extension).",
                    "content": {
                      "text/plain; charset=utf-8": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  },
                  "200": {
                    "description": "The picture, in the type its extension names.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/png": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/gif": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  }
                }
              }
            },
            "/placekitten/{width}/{height}": {
              "get": {
                "tags": [
                  "pictures"
                ],
                "operationId": "placeKitten",
                "summary": "A cat picture",
                "description": "PlaceKitten: a JPEG cat of that size (sides 1-4000; one side means a square); `?image=N` picks the cat.",
                "security": [],
                "parameters": [
                  {
                    "name": "width",
                    "in": "path",
                    "required": true,
                    "description": "Width in pixels, 1-4000.",
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+$"
                    },
                    "example": "300"
                  },
                  {
                    "name": "height",
                    "in": "path",
                    "required": true,
                    "description": "Height in pixels, 1-4000.",
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+$"
                    },
                    "example": "200"
                  },
                  {
                    "name": "image",
                    "in": "query",
                    "required": false,
                    "description": "Which cat (a number).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  },
                  "400": {
                    "description": "A side outside 1-4000, a bad colour or an unknown format.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/placekitten/{width}": {
              "get": {
                "tags": [
                  "pictures"
                ],
                "operationId": "placeKittenSquare",
                "summary": "A square cat picture",
                "description": "PlaceKitten: a JPEG cat of that size (sides 1-4000; one side means a square); `?image=N` picks the cat.",
                "security": [],
                "parameters": [
                  {
                    "name": "width",
                    "in": "path",
                    "required": true,
                    "description": "Width in pixels, 1-4000.",
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+$"
                    },
                    "example": "300"
                  },
                  {
                    "name": "image",
                    "in": "query",
                    "required": false,
                    "description": "Which cat (a number).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  },
                  "400": {
                    "description": "A side outside 1-4000, a bad colour or an unknown format.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/placekitten/g/{width}/{height}": {
              "get": {
                "tags": [
                  "pictures"
                ],
                "operationId": "placeKittenGrey",
                "summary": "A grey cat picture",
                "description": "PlaceKitten: a JPEG cat of that size (sides 1-4000; one side means a square); `?image=N` picks the cat.",
                "security": [],
                "parameters": [
                  {
                    "name": "width",
                    "in": "path",
                    "required": true,
                    "description": "Width in pixels, 1-4000.",
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+$"
                    },
                    "example": "300"
                  },
                  {
                    "name": "height",
                    "in": "path",
                    "required": true,
                    "description": "Height in pixels, 1-4000.",
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+$"
                    },
                    "example": "200"
                  },
                  {
                    "name": "image",
                    "in": "query",
                    "required": false,
                    "description": "Which cat (a number).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  },
                  "400": {
                    "description": "A side outside 1-4000, a bad colour or an unknown format.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/placekitten/g/{width}": {
              "get": {
                "tags": [
                  "pictures"
                ],
                "operationId": "placeKittenGreySquare",
                "summary": "A grey square cat picture",
                "description": "PlaceKitten: a JPEG cat of that size (sides 1-4000; one side means a square); `?image=N` picks the cat.",
                "security": [],
                "parameters": [
                  {
                    "name": "width",
                    "in": "path",
                    "required": true,
                    "description": "Width in pixels, 1-4000.",
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+$"
                    },
                    "example": "300"
                  },
                  {
                    "name": "image",
                    "in": "query",
                    "required": false,
                    "description": "Which cat (a number).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  },
                  "400": {
                    "description": "A side outside 1-4000, a bad colour or an unknown format.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/dummyimage/{size}": {
              "get": {
                "tags": [
                  "pictures"
                ],
                "operationId": "dummyImage",
                "summary": "A placeholder picture",
                "description": "dummyimage.com: a placeholder with its size as text. `size` is `W`, `WxH` or `Wxa:b` (sides 1-4000), an extension (`.gif` default, `.png`, `.jpg`, `.bmp`) may end any segment; colours are 3 or 6 hex digits; `?text=` or `&text=` sets the text.",
                "security": [],
                "parameters": [
                  {
                    "name": "size",
                    "in": "path",
                    "required": true,
                    "description": "`W`, `WxH` or `Wxa:b`, optionally with an extension.",
                    "schema": {
                      "type": "string"
                    },
                    "example": "122x217.bmp"
                  },
                  {
                    "name": "text",
                    "in": "query",
                    "required": false,
                    "description": "The text to write (default: the size).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/png": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/gif": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/bmp": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  },
                  "400": {
                    "description": "A side outside 1-4000, a bad colour or an unknown format.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/dummyimage/{size}/{background}": {
              "get": {
                "tags": [
                  "pictures"
                ],
                "operationId": "dummyImageBackground",
                "summary": "A placeholder on a colour",
                "description": "dummyimage.com: a placeholder with its size as text. `size` is `W`, `WxH` or `Wxa:b` (sides 1-4000), an extension (`.gif` default, `.png`, `.jpg`, `.bmp`) may end any segment; colours are 3 or 6 hex digits; `?text=` or `&text=` sets the text.",
                "security": [],
                "parameters": [
                  {
                    "name": "size",
                    "in": "path",
                    "required": true,
                    "description": "`W`, `WxH` or `Wxa:b`, optionally with an extension.",
                    "schema": {
                      "type": "string"
                    },
                    "example": "122x217.bmp"
                  },
                  {
                    "name": "background",
                    "in": "path",
                    "required": true,
                    "description": "Background colour (hex).",
                    "schema": {
                      "type": "string"
                    },
                    "example": "ff4444"
                  },
                  {
                    "name": "text",
                    "in": "query",
                    "required": false,
                    "description": "The text to write (default: the size).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/png": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/gif": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/bmp": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  },
                  "400": {
                    "description": "A side outside 1-4000, a bad colour or an unknown format.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/dummyimage/{size}/{background}/{foreground}": {
              "get": {
                "tags": [
                  "pictures"
                ],
                "operationId": "dummyImageColours",
                "summary": "A placeholder in two colours",
                "description": "dummyimage.com: a placeholder with its size as text. `size` is `W`, `WxH` or `Wxa:b` (sides 1-4000), an extension (`.gif` default, `.png`, `.jpg`, `.bmp`) may end any segment; colours are 3 or 6 hex digits; `?text=` or `&text=` sets the text.",
                "security": [],
                "parameters": [
                  {
                    "name": "size",
                    "in": "path",
                    "required": true,
                    "description": "`W`, `WxH` or `Wxa:b`, optionally with an extension.",
                    "schema": {
                      "type": "string"
                    },
                    "example": "122x217.bmp"
                  },
                  {
                    "name": "background",
                    "in": "path",
                    "required": true,
                    "description": "Background colour (hex).",
                    "schema": {
                      "type": "string"
                    },
                    "example": "ff4444"
                  },
                  {
                    "name": "foreground",
                    "in": "path",
                    "required": true,
                    "description": "Text colour (hex).",
                    "schema": {
                      "type": "string"
                    },
                    "example": "ffffff"
                  },
                  {
                    "name": "text",
                    "in": "query",
                    "required": false,
                    "description": "The text to write (default: the size).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "An ETag from an earlier answer (304 when it still matches).",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The picture.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator of the bytes.",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "image/jpeg": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/png": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/gif": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      },
                      "image/bmp": {
                        "schema": {
                          "type": "string",
                          "contentEncoding": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "`If-None-Match` names the picture's ETag: no body."
                  },
                  "400": {
                    "description": "A side outside 1-4000, a bad colour or an unknown format.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/_console/{file}": {
              "get": {
                "tags": [
                  "console"
                ],
                "operationId": "consoleFile",
                "summary": "A file of the console (`Cache-Control: no-cache`, `ETag`, strict CSP)",
                "responses": {
                  "200": {
                    "description": "The file, with its content type."
                  },
                  "304": {
                    "description": "Not modified."
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                },
                "parameters": [
                  {
                    "name": "file",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "security": []
              }
            },
            "/_console/session": {
              "get": {
                "tags": [
                  "console"
                ],
                "operationId": "consoleSession",
                "summary": "The CSRF token of the cookie's session",
                "responses": {
                  "200": {
                    "description": "Signed in.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ConsoleSession"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  }
                },
                "security": []
              },
              "post": {
                "tags": [
                  "console"
                ],
                "operationId": "consoleSignIn",
                "summary": "Sign in with a full-access key; sets the session cookie",
                "responses": {
                  "200": {
                    "description": "Signed in.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ConsoleSession"
                        }
                      }
                    },
                    "headers": {
                      "Set-Cookie": {
                        "description": "`restlite_session=<32 hex>; Path=/; HttpOnly; SameSite=Strict`",
                        "schema": {
                          "type": "string"
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
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "required": [
                          "key"
                        ],
                        "properties": {
                          "key": {
                            "type": "string"
                          }
                        }
                      }
                    }
                  }
                },
                "security": []
              },
              "delete": {
                "tags": [
                  "console"
                ],
                "operationId": "consoleSignOut",
                "summary": "Sign out: the session is forgotten, the cookie cleared",
                "responses": {
                  "200": {
                    "description": "Signed out.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    },
                    "headers": {
                      "Set-Cookie": {
                        "description": "`restlite_session=<32 hex>; Path=/; HttpOnly; SameSite=Strict`",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  }
                },
                "security": []
              }
            },
            "/_console/signin": {
              "get": {
                "tags": [
                  "console"
                ],
                "operationId": "consoleOneClickSignIn",
                "summary": "Sign in from the link the banner prints; 303 to `/`",
                "responses": {
                  "303": {
                    "description": "Signed in; the browser goes to `/`.",
                    "headers": {
                      "Set-Cookie": {
                        "description": "`restlite_session=<32 hex>; Path=/; HttpOnly; SameSite=Strict`",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  }
                },
                "parameters": [
                  {
                    "name": "key",
                    "in": "query",
                    "required": false,
                    "description": "A full-access key.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "security": []
              }
            },
            "/_restlite/keys": {
              "get": {
                "tags": [
                  "admin"
                ],
                "operationId": "listKeys",
                "summary": "Every accepted key with its scope",
                "responses": {
                  "200": {
                    "description": "The keys.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/APIKeyInfo"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "post": {
                "tags": [
                  "admin"
                ],
                "operationId": "addKey",
                "summary": "Add a key to keys.json; it works from the next request on",
                "responses": {
                  "201": {
                    "description": "The new key.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/APIKeyInfo"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/APIKeyInput"
                      }
                    }
                  }
                }
              }
            },
            "/_restlite/keys/{key}": {
              "delete": {
                "tags": [
                  "admin"
                ],
                "operationId": "removeKey",
                "summary": "Remove a key from keys.json; it stops working at once",
                "responses": {
                  "200": {
                    "description": "`{\"result\":[key]}`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/IDList"
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
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  }
                },
                "parameters": [
                  {
                    "name": "key",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  }
                ]
              }
            },
            "/_restlite/import/preview": {
              "post": {
                "tags": [
                  "admin"
                ],
                "operationId": "previewImport",
                "summary": "Read a file as an import would, store nothing",
                "responses": {
                  "200": {
                    "description": "The first rows, the count and the schema a new collection would get.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ImportPreview"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "parameters": [
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "description": "Detected from the content when absent.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "json",
                        "jsonl",
                        "csv"
                      ]
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "The file itself (JSON array, JSON lines or CSV).",
                  "content": {
                    "application/octet-stream": {
                      "schema": {
                        "type": "string",
                        "format": "binary"
                      }
                    }
                  }
                }
              }
            },
            "/_restlite/import": {
              "post": {
                "tags": [
                  "admin"
                ],
                "operationId": "importFile",
                "summary": "Import a file into a collection, all or nothing",
                "responses": {
                  "201": {
                    "description": "What was imported.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ImportResult"
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
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                },
                "parameters": [
                  {
                    "name": "collection",
                    "in": "query",
                    "required": false,
                    "description": "The collection (created when new).",
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "description": "Detected from the content when absent.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "json",
                        "jsonl",
                        "csv"
                      ]
                    }
                  },
                  {
                    "name": "replace",
                    "in": "query",
                    "required": false,
                    "description": "`true` empties the collection first.",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "The file itself (JSON array, JSON lines or CSV).",
                  "content": {
                    "application/octet-stream": {
                      "schema": {
                        "type": "string",
                        "format": "binary"
                      }
                    }
                  }
                }
              }
            },
            "/_restlite/export/{collection}": {
              "get": {
                "tags": [
                  "admin"
                ],
                "operationId": "exportFile",
                "summary": "The whole collection as a file (`Content-Disposition: attachment`)",
                "responses": {
                  "200": {
                    "description": "The file (JSON, JSON lines or CSV).",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/Document"
                          }
                        }
                      },
                      "text/csv": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "application/x-ndjson": {
                        "schema": {
                          "type": "string"
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
                },
                "parameters": [
                  {
                    "$ref": "#/components/parameters/collection"
                  },
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "description": "Detected from the content when absent.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "json",
                        "jsonl",
                        "csv"
                      ]
                    }
                  }
                ]
              }
            },
            "/_restlite/collections/{collection}": {
              "delete": {
                "tags": [
                  "admin"
                ],
                "operationId": "dropCollection",
                "summary": "Drop a collection with its documents, schema, indexes and their children (one transaction)",
                "responses": {
                  "200": {
                    "description": "`{\"dropped\":\"a3cats\",\"documents\":100}`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "dropped",
                            "documents"
                          ],
                          "properties": {
                            "dropped": {
                              "type": "string"
                            },
                            "documents": {
                              "type": "integer"
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
                },
                "parameters": [
                  {
                    "$ref": "#/components/parameters/collection"
                  }
                ]
              }
            },
            "/media": {
              "get": {
                "tags": [
                  "media"
                ],
                "operationId": "listMedia",
                "summary": "Every stored file's metadata (restlite's own)",
                "responses": {
                  "200": {
                    "description": "Oldest first.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/MediaMeta"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "post": {
                "tags": [
                  "media"
                ],
                "operationId": "uploadMedia",
                "summary": "Store one or more files (all or none); parts without a filename are ignored",
                "requestBody": {
                  "required": true,
                  "content": {
                    "multipart/form-data": {
                      "schema": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string",
                          "format": "binary"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The new ids.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/MediaUpload"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/media/{name}": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/mediaName"
                }
              ],
              "get": {
                "tags": [
                  "media"
                ],
                "operationId": "getMedia",
                "security": [],
                "summary": "The file (or its thumbnail), with ETag/If-None-Match and single byte ranges",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/thumbnailSize"
                  },
                  {
                    "name": "Range",
                    "in": "header",
                    "schema": {
                      "type": "string"
                    },
                    "description": "One range, `bytes=a-b`, `bytes=a-` or `bytes=-n`; a list gets the whole file."
                  },
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "schema": {
                      "type": "string"
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The file, with its content type.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator (`\"<id>-<size>\"`, or `\"<id>-t\"` for a thumbnail).",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Accept-Ranges": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "*/*": {
                        "schema": {
                          "type": "string",
                          "format": "binary"
                        }
                      }
                    }
                  },
                  "206": {
                    "description": "The requested range.",
                    "headers": {
                      "ETag": {
                        "description": "A strong validator (`\"<id>-<size>\"`, or `\"<id>-t\"` for a thumbnail).",
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Cache-Control": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Accept-Ranges": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "Content-Range": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    },
                    "content": {
                      "*/*": {
                        "schema": {
                          "type": "string",
                          "format": "binary"
                        }
                      }
                    }
                  },
                  "304": {
                    "description": "The client's copy (If-None-Match) is current."
                  },
                  "416": {
                    "description": "No byte of the range lies in the file; `Content-Range: bytes */<size>`.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              },
              "delete": {
                "tags": [
                  "media"
                ],
                "operationId": "deleteMedia",
                "summary": "Delete the file",
                "responses": {
                  "200": {
                    "description": "The id deleted.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/IDList"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            },
            "/media/{name}/meta": {
              "parameters": [
                {
                  "$ref": "#/components/parameters/mediaName"
                }
              ],
              "get": {
                "tags": [
                  "media"
                ],
                "operationId": "getMediaMeta",
                "summary": "The file's metadata",
                "responses": {
                  "200": {
                    "description": "The metadata.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/MediaMeta"
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
                  "405": {
                    "$ref": "#/components/responses/MethodNotAllowed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "414": {
                    "$ref": "#/components/responses/URITooLong"
                  },
                  "431": {
                    "$ref": "#/components/responses/HeaderFieldsTooLarge"
                  },
                  "500": {
                    "$ref": "#/components/responses/InternalError"
                  }
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "apiKeyHeader": {
                "type": "apiKey",
                "in": "header",
                "name": "x-apikey",
                "description": "restdb's key header (any case)."
              },
              "apiKeyQuery": {
                "type": "apiKey",
                "in": "query",
                "name": "apikey",
                "description": "The key as a query parameter, as restdb allows."
              },
              "bearerKey": {
                "type": "http",
                "scheme": "bearer",
                "description": "restlite's choice, not restdb's: the API key as a bearer token (refused with 401 when the server runs --strict)."
              }
            },
            "parameters": {
              "collection": {
                "name": "collection",
                "in": "path",
                "required": true,
                "description": "1 to 64 letters, digits, `-`, `_`; `_meta` is reserved.",
                "schema": {
                  "type": "string",
                  "pattern": "^[A-Za-z0-9_-]{1,64}$"
                }
              },
              "id": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "24 lowercase hex characters, or `*` for the bulk forms.",
                "schema": {
                  "type": "string",
                  "pattern": "^([0-9a-f]{24}|\\*)$"
                }
              },
              "q": {
                "name": "q",
                "in": "query",
                "description": "A MongoDB-style query as JSON (docs/QUERY.md).",
                "schema": {
                  "type": "string"
                },
                "example": "{\"rating\":{\"$gte\":4}}"
              },
              "qBulk": {
                "name": "q",
                "in": "query",
                "description": "With id `*`: the query whose matches are updated or deleted.",
                "schema": {
                  "type": "string"
                }
              },
              "h": {
                "name": "h",
                "in": "query",
                "description": "Hints as JSON: `$orderby`, `$fields`, `$max`, `$skip`, `$groupby`, `$aggregate`.",
                "schema": {
                  "type": "string"
                },
                "example": "{\"$orderby\":{\"rating\":-1}}"
              },
              "filter": {
                "name": "filter",
                "in": "query",
                "description": "Case-insensitive text searched in every string value.",
                "schema": {
                  "type": "string"
                }
              },
              "sort": {
                "name": "sort",
                "in": "query",
                "description": "A field to sort by; repeatable.",
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "explode": true
              },
              "dir": {
                "name": "dir",
                "in": "query",
                "description": "1 or -1, pairing with `sort` by position.",
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "integer",
                    "enum": [
                      1,
                      -1
                    ]
                  }
                },
                "explode": true
              },
              "skip": {
                "name": "skip",
                "in": "query",
                "schema": {
                  "type": "integer",
                  "minimum": 0
                }
              },
              "max": {
                "name": "max",
                "in": "query",
                "description": "Page size (default 1000).",
                "schema": {
                  "type": "integer",
                  "minimum": 0
                }
              },
              "totals": {
                "name": "totals",
                "in": "query",
                "description": "`true` answers `{data, totals}` instead of a bare array.",
                "schema": {
                  "type": "boolean"
                }
              },
              "metafields": {
                "name": "metafields",
                "in": "query",
                "description": "`true` adds `_created`, `_changed`, `_createdby`, `_changedby`, `_version`.",
                "schema": {
                  "type": "boolean"
                }
              },
              "groupby": {
                "name": "groupby",
                "in": "query",
                "description": "Group by this field; repeatable.",
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "explode": true
              },
              "aggregate": {
                "name": "aggregate",
                "in": "query",
                "description": "`SUM:field`, `AVG:field`, `MIN:field`, `MAX:field`, `COUNT:name`; repeatable.",
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "explode": true
              },
              "validate": {
                "name": "validate",
                "in": "query",
                "description": "`false` skips schema validation.",
                "schema": {
                  "type": "boolean"
                }
              },
              "fetchchildren": {
                "name": "fetchchildren",
                "in": "query",
                "description": "`true` embeds each document's children under every child field.",
                "schema": {
                  "type": "boolean"
                }
              },
              "child": {
                "name": "child",
                "in": "path",
                "required": true,
                "description": "A field of type `child` in the parent collection's schema.",
                "schema": {
                  "type": "string"
                }
              },
              "parentId": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "The parent's `_id`.",
                "schema": {
                  "$ref": "#/components/schemas/ObjectID"
                }
              },
              "childId": {
                "name": "childId",
                "in": "path",
                "required": true,
                "description": "The child's `_id`.",
                "schema": {
                  "$ref": "#/components/schemas/ObjectID"
                }
              },
              "idtolink": {
                "name": "idtolink",
                "in": "query",
                "description": "`true` answers the media ids of image and file fields as the files' URLs (`http://<host>/media/<id>`); the stored ids do not change.",
                "schema": {
                  "type": "boolean"
                }
              },
              "mediaName": {
                "name": "name",
                "in": "path",
                "required": true,
                "description": "A media id, or a file's original name (the newest upload of that name).",
                "schema": {
                  "type": "string"
                }
              },
              "thumbnailSize": {
                "name": "s",
                "in": "query",
                "description": "`t`: thumbnail, longest side 128 px; `w`: web size, 640 px. Never enlarged; JPEG for JPEG files, PNG for PNG and GIF.",
                "schema": {
                  "type": "string",
                  "enum": [
                    "t",
                    "w"
                  ]
                }
              }
            },
            "responses": {
              "BadRequest": {
                "description": "A malformed request, body, query, hint or id (`BadRequest`), or a write that breaks the schema (`ValidationError`, with `list`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Unauthorized": {
                "description": "No API key.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Forbidden": {
                "description": "An unknown key, or a key whose scope does not cover the request.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "NotFound": {
                "description": "No such collection, document or path.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "MethodNotAllowed": {
                "description": "The path does not take this method; `Allow` names the ones it takes.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Conflict": {
                "description": "The collection holds documents, so its schema cannot be set.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "PayloadTooLarge": {
                "description": "The body is over the server's limit (`--max-body`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "URITooLong": {
                "description": "The request line is over 8 KiB.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "HeaderFieldsTooLarge": {
                "description": "The headers are over 64 KiB or 100 fields.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "ServiceUnavailable": {
                "description": "The server is busy; `Retry-After` says when to try again.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "InternalError": {
                "description": "The server failed; `requestId` matches its log line.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              }
            },
            "schemas": {
              "Error": {
                "type": "object",
                "required": [
                  "name",
                  "message",
                  "status"
                ],
                "properties": {
                  "name": {
                    "type": "string",
                    "examples": [
                      "BadRequest",
                      "ValidationError",
                      "NotFound"
                    ]
                  },
                  "message": {
                    "type": "string"
                  },
                  "status": {
                    "type": "integer"
                  },
                  "list": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/FieldMessage"
                    }
                  },
                  "requestId": {
                    "type": "string"
                  },
                  "line": {
                    "type": "integer",
                    "description": "Imports: the line of the uploaded file at fault."
                  }
                }
              },
              "FieldMessage": {
                "type": "object",
                "required": [
                  "field",
                  "message"
                ],
                "properties": {
                  "field": {
                    "type": "string"
                  },
                  "message": {
                    "type": "string"
                  }
                }
              },
              "Health": {
                "type": "object",
                "required": [
                  "status"
                ],
                "properties": {
                  "status": {
                    "type": "string",
                    "const": "ok"
                  }
                }
              },
              "ObjectID": {
                "type": "string",
                "pattern": "^[0-9a-f]{24}$"
              },
              "Date": {
                "type": "string",
                "description": "ISO 8601 UTC, three fractional digits: 2008-11-14T09:53:37.000Z",
                "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"
              },
              "Document": {
                "type": "object",
                "description": "A stored document: `_id` first, then its fields.",
                "additionalProperties": true
              },
              "StoredDocument": {
                "type": "object",
                "required": [
                  "_id"
                ],
                "properties": {
                  "_id": {
                    "$ref": "#/components/schemas/ObjectID"
                  },
                  "_created": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "_changed": {
                    "$ref": "#/components/schemas/Date"
                  },
                  "_createdby": {
                    "type": "string"
                  },
                  "_changedby": {
                    "type": "string"
                  },
                  "_version": {
                    "type": "integer",
                    "minimum": 0
                  }
                },
                "additionalProperties": true
              },
              "DocumentInput": {
                "type": "object",
                "additionalProperties": true,
                "description": "Any JSON object; system fields are dropped, `_id` is ignored.",
                "example": {
                  "catName": "Felis",
                  "rating": 4
                }
              },
              "UpdateInput": {
                "type": "object",
                "additionalProperties": true,
                "description": "Fields to merge, or update operators: `$set`, `$unset`, `$inc`, `$push`, `$pull`.",
                "example": {
                  "$inc": {
                    "rating": 1
                  }
                }
              },
              "Totals": {
                "type": "object",
                "required": [
                  "total",
                  "count",
                  "skip",
                  "max"
                ],
                "properties": {
                  "total": {
                    "type": "integer"
                  },
                  "count": {
                    "type": "integer"
                  },
                  "skip": {
                    "type": "integer"
                  },
                  "max": {
                    "type": "integer"
                  }
                }
              },
              "ListWithTotals": {
                "type": "object",
                "required": [
                  "data",
                  "totals"
                ],
                "properties": {
                  "data": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Document"
                    }
                  },
                  "totals": {
                    "$ref": "#/components/schemas/Totals"
                  }
                }
              },
              "IDList": {
                "type": "object",
                "required": [
                  "result"
                ],
                "properties": {
                  "result": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/ObjectID"
                    }
                  }
                }
              },
              "CollectionList": {
                "type": "object",
                "required": [
                  "collections"
                ],
                "properties": {
                  "collections": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "name",
                        "count"
                      ],
                      "properties": {
                        "name": {
                          "type": "string"
                        },
                        "count": {
                          "type": "integer"
                        }
                      }
                    }
                  }
                }
              },
              "Field": {
                "type": "object",
                "required": [
                  "name",
                  "type",
                  "required",
                  "unique"
                ],
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "type": {
                    "type": "string",
                    "enum": [
                      "text",
                      "number",
                      "float_number",
                      "date",
                      "bool",
                      "json",
                      "child",
                      "image",
                      "file"
                    ]
                  },
                  "required": {
                    "type": "boolean"
                  },
                  "unique": {
                    "type": "boolean"
                  },
                  "collection": {
                    "type": "string",
                    "description": "For a `child` field: the collection its children are stored in."
                  }
                }
              },
              "CollectionSchema": {
                "type": "object",
                "required": [
                  "name",
                  "count",
                  "fields"
                ],
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "count": {
                    "type": "integer"
                  },
                  "fields": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Field"
                    }
                  }
                }
              },
              "SchemaInput": {
                "type": "object",
                "required": [
                  "fields"
                ],
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "count": {
                    "type": "integer"
                  },
                  "fields": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "name",
                        "type"
                      ],
                      "properties": {
                        "name": {
                          "type": "string"
                        },
                        "type": {
                          "type": "string"
                        },
                        "required": {
                          "type": "boolean"
                        },
                        "unique": {
                          "type": "boolean"
                        },
                        "collection": {
                          "type": "string",
                          "description": "Required for a `child` field: the collection its children live in."
                        }
                      }
                    }
                  }
                }
              },
              "AdminReset": {
                "type": "object",
                "properties": {
                  "reset": {
                    "type": "boolean"
                  },
                  "documents": {
                    "type": "integer"
                  },
                  "ms": {
                    "type": "number",
                    "description": "Time the restore took."
                  }
                }
              },
              "AdminSnapshot": {
                "type": "object",
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "documents": {
                    "type": "integer"
                  },
                  "collections": {
                    "type": "integer"
                  },
                  "media": {
                    "type": "integer",
                    "description": "After a restore: the media files now (the snapshot's)."
                  }
                }
              },
              "AdminJournalEntry": {
                "type": "object",
                "properties": {
                  "seq": {
                    "type": "integer"
                  },
                  "time": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "method": {
                    "type": "string"
                  },
                  "path": {
                    "type": "string"
                  },
                  "query": {
                    "type": "string",
                    "description": "Raw query; an `apikey` value is masked."
                  },
                  "headers": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "string"
                    },
                    "description": "Lower-case names; x-apikey, apikey and authorization values masked as `****` plus the last four characters."
                  },
                  "body": {
                    "type": "string"
                  },
                  "bodyBytes": {
                    "type": "integer"
                  },
                  "bodyTruncated": {
                    "type": "boolean",
                    "description": "The body was longer than 64 KiB and was cut."
                  },
                  "status": {
                    "type": "integer",
                    "description": "0 when the connection was dropped by a fault."
                  },
                  "ms": {
                    "type": "number"
                  }
                }
              },
              "AdminFaultRule": {
                "type": "object",
                "required": [
                  "action"
                ],
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "method": {
                    "type": "string",
                    "description": "A method, or `*` (default)."
                  },
                  "path": {
                    "type": "string",
                    "description": "Path glob; default `*`."
                  },
                  "query": {
                    "type": "string",
                    "description": "Text the raw query must contain."
                  },
                  "header": {
                    "type": "string",
                    "description": "`name=value` the request must carry."
                  },
                  "action": {
                    "type": "string",
                    "enum": [
                      "delay",
                      "status",
                      "drop",
                      "slow"
                    ]
                  },
                  "ms": {
                    "type": "integer",
                    "description": "delay: wait before answering; slow: wait between head and body (default 1000)."
                  },
                  "status": {
                    "type": "integer",
                    "description": "status: the code answered (default 500)."
                  },
                  "message": {
                    "type": "string",
                    "description": "status: the error body's message."
                  },
                  "probability": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1
                  },
                  "seed": {
                    "type": "integer"
                  },
                  "times": {
                    "type": "integer",
                    "minimum": 1
                  },
                  "remaining": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "readOnly": true
                  }
                }
              },
              "ChildDocument": {
                "allOf": [
                  {
                    "$ref": "#/components/schemas/StoredDocument"
                  },
                  {
                    "type": "object",
                    "required": [
                      "_parent_id",
                      "_parent_def",
                      "_parent_field"
                    ],
                    "properties": {
                      "_parent_id": {
                        "$ref": "#/components/schemas/ObjectID"
                      },
                      "_parent_def": {
                        "type": "string"
                      },
                      "_parent_field": {
                        "type": "string"
                      }
                    }
                  }
                ]
              },
              "CatBreed": {
                "type": "object",
                "description": "A breed: the hosted service's keys (`id`, `name`, `temperament`, `description`, `origin`, scores, ...); `{}` for an unknown id.",
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "temperament": {
                    "type": "string"
                  },
                  "description": {
                    "type": "string"
                  },
                  "origin": {
                    "type": "string"
                  },
                  "life_span": {
                    "type": "string"
                  },
                  "image": {
                    "$ref": "#/components/schemas/CatImageRef"
                  }
                }
              },
              "CatImageRef": {
                "type": "object",
                "required": [
                  "id",
                  "url",
                  "width",
                  "height"
                ],
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "url": {
                    "type": "string",
                    "format": "uri"
                  },
                  "width": {
                    "type": "integer"
                  },
                  "height": {
                    "type": "integer"
                  }
                }
              },
              "CatCategory": {
                "type": "object",
                "required": [
                  "id",
                  "name"
                ],
                "properties": {
                  "id": {
                    "type": "integer"
                  },
                  "name": {
                    "type": "string"
                  }
                }
              },
              "CatImage": {
                "type": "object",
                "required": [
                  "breeds",
                  "id",
                  "url",
                  "width",
                  "height"
                ],
                "properties": {
                  "breeds": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/CatBreed"
                    }
                  },
                  "categories": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/CatCategory"
                    }
                  },
                  "id": {
                    "type": "string"
                  },
                  "url": {
                    "type": "string",
                    "format": "uri"
                  },
                  "width": {
                    "type": "integer"
                  },
                  "height": {
                    "type": "integer"
                  }
                }
              },
              "ConsoleSession": {
                "type": "object",
                "required": [
                  "csrf"
                ],
                "properties": {
                  "csrf": {
                    "type": "string",
                    "description": "Send it as `X-CSRF-Token` on every request that changes data."
                  },
                  "signedIn": {
                    "type": "boolean"
                  }
                }
              },
              "APIKeyInfo": {
                "type": "object",
                "required": [
                  "key",
                  "kind",
                  "methods",
                  "path",
                  "origins",
                  "created"
                ],
                "properties": {
                  "key": {
                    "type": "string"
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "full",
                      "scoped"
                    ]
                  },
                  "methods": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "path": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "Glob after /rest, such as /a3cats/**."
                  },
                  "origins": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "created": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "note": {
                    "type": "string"
                  }
                }
              },
              "APIKeyInput": {
                "type": "object",
                "description": "`{\"full\":true}`, or a scope.",
                "properties": {
                  "full": {
                    "type": "boolean"
                  },
                  "methods": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "enum": [
                        "GET",
                        "POST",
                        "PUT",
                        "PATCH",
                        "DELETE"
                      ]
                    }
                  },
                  "path": {
                    "type": "string"
                  },
                  "origins": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "note": {
                    "type": "string"
                  }
                }
              },
              "ImportPreview": {
                "type": "object",
                "required": [
                  "format",
                  "rows",
                  "count",
                  "schema"
                ],
                "properties": {
                  "format": {
                    "type": "string",
                    "enum": [
                      "json",
                      "jsonl",
                      "csv"
                    ]
                  },
                  "rows": {
                    "type": "array",
                    "items": {
                      "type": "object"
                    },
                    "description": "The first 10 documents."
                  },
                  "count": {
                    "type": "integer"
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
              },
              "ImportResult": {
                "type": "object",
                "required": [
                  "collection",
                  "imported",
                  "schema"
                ],
                "properties": {
                  "collection": {
                    "type": "string"
                  },
                  "imported": {
                    "type": "integer"
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
              },
              "MediaUpload": {
                "type": "object",
                "required": [
                  "msg",
                  "uploadid",
                  "ids"
                ],
                "properties": {
                  "msg": {
                    "type": "string",
                    "const": "OK"
                  },
                  "uploadid": {
                    "$ref": "#/components/schemas/ObjectID"
                  },
                  "ids": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/ObjectID"
                    },
                    "description": "The stored files' ids, in the order of the form's file parts."
                  }
                }
              },
              "MediaMeta": {
                "type": "object",
                "required": [
                  "_id",
                  "_created",
                  "origname",
                  "size",
                  "mimetype"
                ],
                "properties": {
                  "_id": {
                    "$ref": "#/components/schemas/ObjectID"
                  },
                  "_created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "_createdby": {
                    "type": "string"
                  },
                  "origname": {
                    "type": "string",
                    "description": "The client's file name (metadata only)."
                  },
                  "file": {
                    "type": "string",
                    "description": "The stored file's name: its id."
                  },
                  "size": {
                    "type": "integer"
                  },
                  "mimetype": {
                    "type": "string",
                    "description": "Sniffed for JPEG, PNG, GIF and BMP; else the part's Content-Type."
                  },
                  "fieldname": {
                    "type": "string",
                    "description": "The form field the file came in."
                  }
                }
              }
            }
          }
        }

        """#
}
