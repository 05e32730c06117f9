import PlayheadCore

/// The API's description, served at /openapi.json; `make test` checks the running server
/// against it with schemathesis, so it cannot drift from what is answered.
enum OpenAPIDocument {
    static let json = #"""
    {
      "openapi": "3.0.3",
      "info": {"title": "playhead", "version": "1", "description": "Control of a playhead media appliance: the console's commands over HTTP, its status, events, screen, media folder and metrics. Every path but /, /openapi.json and /api/login needs the token, as a bearer header or the cookie /api/login sets."},
      "components": {
        "securitySchemes": {
          "bearer": {"type": "http", "scheme": "bearer"},
          "cookie": {"type": "apiKey", "in": "cookie", "name": "playhead-token"}
        },
        "schemas": {
          "Reply": {"type": "object", "required": ["ok"], "properties": {
            "ok": {"type": "boolean"}, "reply": {}, "error": {"type": "string"}}},
          "Status": {"type": "object", "required": ["state", "position", "volume", "muted", "uptime"], "properties": {
            "state": {"type": "string", "enum": ["idle", "opening", "playing", "buffering", "paused", "restarting", "failed", "stopped"]},
            "item": {"type": "string", "nullable": true}, "title": {"type": "string"},
            "position": {"type": "string"}, "time": {"type": "number", "nullable": true},
            "duration": {"type": "number", "nullable": true}, "rate": {"type": "number"},
            "volume": {"type": "number", "minimum": 0, "maximum": 1}, "muted": {"type": "boolean"},
            "loop": {"type": "boolean"}, "route": {"type": "string", "nullable": true}, "display": {},
            "tile": {"type": "string", "description": "on a video wall's screen only: display-tile as in force (2x1:1,0, with the bezel)"},
            "crop": {"type": "string", "description": "with display-crop only: the region of the picture shown (WxH+X+Y)"},
            "dropped": {"type": "integer"}, "late": {"type": "integer"}, "underruns": {"type": "integer"},
            "stalls": {"type": "integer"}, "restarts": {"type": "integer"}, "uptime": {"type": "number"},
            "options": {"type": "string"}, "clock": {"type": "object"}, "safe-mode": {"type": "string"},
            "update": {"description": "the A/B slots, their versions and the last install (an object, as the console's `update`), or why there are none (a string)"}}}
        },
        "responses": {
          "Refused": {"description": "the token is missing or wrong", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
          "Throttled": {"description": "too many wrong tokens from this address; wait Retry-After seconds", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}}
        }
      },
      "security": [{"bearer": []}, {"cookie": []}],
      "paths": {
        "/api/status": {"get": {"summary": "the console's `status`", "responses": {
          "200": {"description": "what plays and where", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
          "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/command": {"post": {"summary": "one console line, answered as the control socket answers it",
          "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string", "minLength": 1, "maxLength": 4097, "pattern": "^[^\\r\\n]*[^\\s][^\\r\\n]*\\n?$"}}}},
          "responses": {
            "200": {"description": "the router's answer: ok true with the reply, or ok false with why and the usage", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "400": {"description": "not one command line (empty, or more than one)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "401": {"$ref": "#/components/responses/Refused"}, "413": {"description": "longer than a command line may be", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/queue": {"get": {"summary": "the console's `queue`", "responses": {
          "200": {"description": "the entries (ok false when the queue is too large to answer)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
          "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/log": {"get": {"summary": "the newest log lines, oldest first",
          "parameters": [{"name": "lines", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200}}],
          "responses": {
            "200": {"description": "lines", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}},
            "400": {"description": "lines is not a number from 1 to 200", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/events": {"get": {"summary": "the player's events as server-sent events, one JSON object per `data:` line", "responses": {
          "200": {"description": "a stream that lasts while the client stays", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
          "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/screenshot": {"get": {"summary": "what is on screen, as PNG", "responses": {
          "200": {"description": "the screen", "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}},
          "409": {"description": "no screenshot can be taken (no display, nothing shown yet, the capture not done in time), with why", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
          "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/media/{name}": {"put": {"summary": "store a media file in the media folder (whole or not at all); the folder's playlist follows",
          "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string", "maxLength": \#(UploadName.maxCharacters), "pattern": "\#(jsonEscaped(UploadName.pattern))"}}],
          "requestBody": {"required": true, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary", "minLength": 1}}}},
          "responses": {
            "200": {"description": "stored", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "400": {"description": "the name is refused, with why", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "403": {"description": "uploads are off", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "413": {"description": "larger than the upload limit", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "500": {"description": "the media folder cannot be written", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "503": {"description": "shutting down", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "507": {"description": "the disk is full or failed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/login": {"post": {"summary": "the token in the body; a good one sets an HttpOnly cookie for the page", "security": [],
          "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string", "maxLength": 4096}}}},
          "responses": {
            "413": {"description": "longer than a token may be", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "200": {"description": "logged in", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
            "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/api/logout": {"post": {"summary": "clears the page's cookie", "responses": {
          "200": {"description": "logged out", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reply"}}}},
          "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/metrics": {"get": {"summary": "Prometheus' text format", "responses": {
          "200": {"description": "the metrics", "content": {"text/plain": {"schema": {"type": "string"}}}},
          "401": {"$ref": "#/components/responses/Refused"}, "429": {"$ref": "#/components/responses/Throttled"}}}},
        "/openapi.json": {"get": {"summary": "this document", "security": [], "responses": {
          "200": {"description": "the API's description", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
        "/": {"get": {"summary": "the control page", "security": [], "responses": {
          "200": {"description": "HTML with its script, nothing from elsewhere", "content": {"text/html": {"schema": {"type": "string"}}}}}}}
      }
    }
    """#

    private static func jsonEscaped(_ s: String) -> String {
        s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    }
}
