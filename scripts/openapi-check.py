#!/usr/bin/env python3
"""Checks docs/openapi.json against the real server.

1. The document is valid OpenAPI 3.1 (openapi-spec-validator).
2. `validate serve --rules Rules` is started on an ephemeral 127.0.0.1 port; for every route and
   status the document lists that the server can be made to produce, a real response's status,
   media type and body are checked against the document (jsonschema, Draft 2020-12), and every
   line of a validate-batch response against the Report schema.

Prints one line per check and `N passed, N failed`; exits 1 on any failure.

  python scripts/openapi-check.py [path/to/validate]
"""
import json
import os
import re
import subprocess
import sys
import time
import http.client
import http.server
import tempfile
import threading

import jsonschema
from openapi_spec_validator import validate as validate_spec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = json.load(open(os.path.join(ROOT, "docs", "openapi.json"), encoding="utf-8"))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "validate")

passed, failed = 0, 0


def result(ok, what, why=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {what}")
    else:
        failed += 1
        print(f"FAIL {what}: {why}")


def schema_for(template, method, status, media):
    operation = DOC["paths"][template].get(method.lower())
    if operation is None:
        # A method the path does not have: OpenAPI cannot list it, the document's
        # description promises a 405 problem document for it.
        if status == 405 and media == "application/problem+json":
            return {"schema": {"$ref": "#/components/schemas/Problem"}}, None
        return None, f"{method} is not an operation of {template}"
    response = operation["responses"].get(str(status))
    if response is None:
        return None, f"status {status} is not documented for {method} {template}"
    content = response.get("content")
    if content is None:
        return {}, None
    if media not in content:
        return None, f"media type {media} is not documented for {status}"
    return content[media], None


def check_schema(instance, schema):
    root = dict(schema)
    root["components"] = DOC["components"]
    jsonschema.Draft202012Validator(root).validate(instance)


def check(template, method, path, status, headers=None, body=None, lines=False):
    what = f"{method} {path[:60]} -> {status}"
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=20)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    if response.status != status:
        return result(False, what, f"got {response.status}: {data[:200]!r}")
    media = (response.getheader("Content-Type") or "").split(";")[0].strip()
    media_object, problem = schema_for(template, method, status, media)
    if problem:
        return result(False, what, problem)
    try:
        if media_object and "schema" in media_object:
            if lines:
                item = media_object.get("x-itemSchema")
                for line in data.decode().splitlines():
                    check_schema(json.loads(line), item)
            elif media.endswith("json"):
                check_schema(json.loads(data), media_object["schema"])
            else:
                check_schema(data.decode(), media_object["schema"])
        result(True, what)
    except Exception as error:  # a schema or JSON error names the failing member
        result(False, what, str(error).splitlines()[0])


try:
    validate_spec(DOC)
    result(True, "docs/openapi.json is valid OpenAPI 3.1")
except Exception as error:
    result(False, "docs/openapi.json is valid OpenAPI 3.1", str(error).splitlines()[0])

server = subprocess.Popen([BINARY, "serve", "--rules", "Rules", "--web", "Web", "--listen", "127.0.0.1:0", "--access-log", "off"],
                          cwd=ROOT, stderr=subprocess.PIPE, text=True)
try:
    line = server.stderr.readline()
    PORT = int(re.search(r'"address":"127\.0\.0\.1:(\d+)"', line).group(1))
    J = {"Content-Type": "application/json"}
    valid = json.dumps({"email": "taro@example.jp", "password": "correct-Horse-9", "password_confirmation": "correct-Horse-9"})
    invalid = json.dumps({"email": "taro@", "password": "abc", "password_confirmation": "abd"})
    V = "/v1/rules/{name}/validate"
    B = "/v1/rules/{name}/validate-batch"
    D = "/v1/rules/{name}"
    check("/v1/rules", "GET", "/v1/rules", 200)
    check("/v1/rules", "POST", "/v1/rules", 405)
    for name in ["login", "signup", "nist-800-63b", "nist-800-63b-mfa", "nist-800-63b-breached", "owasp-asvs"]:
        check(D, "GET", f"/v1/rules/{name}", 200)
    check(D, "GET", "/v1/rules/nope", 404)
    check(D, "PUT", "/v1/rules/signup", 405)
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=20)
    conn.request("GET", "/v1/rules/signup")
    etag = conn.getresponse().getheader("ETag")
    conn.close()
    check(D, "GET", "/v1/rules/signup", 304, {"If-None-Match": etag})
    for locale in ["ja", "en"]:
        check(V, "POST", f"/v1/rules/signup/validate?locale={locale}", 200, J, valid)
        check(V, "POST", f"/v1/rules/signup/validate?locale={locale}", 422, J, invalid)
        check(V, "POST", f"/v1/rules/signup/validate?locale={locale}", 422, {**J, "Accept": "application/problem+json"}, invalid)
        check(V, "POST", f"/v1/rules/signup/validate?field=password&locale={locale}", 200, J, invalid)
        check(V, "POST", f"/v1/rules/signup/validate?field=email&locale={locale}", 200, J, valid)
    check(V, "POST", "/v1/rules/signup/validate", 400, J, "{")
    check(V, "POST", "/v1/rules/signup/validate", 400, J, "[" * 100)
    check(V, "POST", "/v1/rules/signup/validate?field=nickname", 400, J, valid)
    check(V, "POST", "/v1/rules/nope/validate", 404, J, valid)
    check(V, "GET", "/v1/rules/signup/validate", 405)
    check(V, "POST", "/v1/rules/signup/validate", 413, J, " " * 70000)
    check(V, "POST", "/v1/rules/signup/validate?" + "a" * 9000, 414, J, valid)
    check(V, "POST", "/v1/rules/signup/validate", 415, {"Content-Type": "text/plain"}, valid)
    check(V, "POST", "/v1/rules/signup/validate", 431, {**J, "X-Big": "b" * 17000}, valid)
    batch = "\n".join([valid, invalid, "not json", '{"email": 1}']) + "\n"
    check(B, "POST", "/v1/rules/signup/validate-batch", 200, {"Content-Type": "application/x-ndjson"}, batch, lines=True)
    check(B, "POST", "/v1/rules/signup/validate-batch", 415, J, batch)
    check(B, "POST", "/v1/rules/nope/validate-batch", 404, {"Content-Type": "application/x-ndjson"}, batch)
    L = "/demo/login"
    check(L, "POST", "/demo/login", 200, J, json.dumps({"email": "demo@example.jp", "password": "demo-pass-2024"}))
    for locale in ["ja", "en"]:
        check(L, "POST", f"/demo/login?locale={locale}", 401, J, json.dumps({"email": "demo@example.jp", "password": "x"}))
    check(L, "POST", "/demo/login", 400, J, "{")
    check(L, "GET", "/demo/login", 405)
    check(L, "POST", "/demo/login", 415, {"Content-Type": "text/plain"}, "{}")
    check("/range/{prefix}", "GET", "/range/5BAA6", 404)
    check("/healthz", "GET", "/healthz", 200)
    check("/readyz", "GET", "/readyz", 200)
    check("/metrics", "GET", "/metrics", 200)
finally:
    server.terminate()
    server.wait(timeout=30)


class CheckStub(http.server.BaseHTTPRequestHandler):
    """The app's check endpoint (`--check NAME=URL`): /email refuses taken@example.jp, /error is 500."""

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.path == "/error":
            self.send_response(500)
            answer = b"{}"
        else:
            self.send_response(200)
            answer = json.dumps({"pass": body["value"] != "taken@example.jp"}).encode()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


# Named checks over HTTP: the report, problem details and live feedback with checksNotRun.
stub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), CheckStub)
threading.Thread(target=stub.serve_forever, daemon=True).start()
folder = tempfile.mkdtemp()
rules = {"version": 1, "defaultLocale": "en", "fields": {
    "email": {"label": {"en": "Email", "ja": "メール"}, "rules": [{"email": "practical"}, {"check": "emailAvailable"}]},
    "password": {"label": {"en": "Password", "ja": "パスワード"}, "sensitive": True,
                 "rules": [{"minLength": 8}, {"check": "notReused"}]}}}
with open(os.path.join(folder, "app.json"), "w", encoding="utf-8") as f:
    json.dump(rules, f)
stub_url = f"http://127.0.0.1:{stub.server_address[1]}"
server = subprocess.Popen([BINARY, "serve", "--rules", folder, "--listen", "127.0.0.1:0", "--access-log", "off",
                           "--check", f"emailAvailable={stub_url}/email", "--check", f"notReused={stub_url}/error"],
                          cwd=ROOT, stderr=subprocess.PIPE, text=True)
try:
    line = server.stderr.readline()
    PORT = int(re.search(r'"address":"127\.0\.0\.1:(\d+)"', line).group(1))
    J = {"Content-Type": "application/json"}
    V = "/v1/rules/{name}/validate"
    free = json.dumps({"email": "free@example.jp"})
    taken = json.dumps({"email": "taken@example.jp"})
    unavailable = json.dumps({"email": "free@example.jp", "password": "long enough"})
    check(V, "POST", "/v1/rules/app/validate", 200, J, free)
    check(V, "POST", "/v1/rules/app/validate", 422, J, taken)
    check(V, "POST", "/v1/rules/app/validate", 422, {**J, "Accept": "application/problem+json"}, taken)
    check(V, "POST", "/v1/rules/app/validate", 422, J, unavailable)
    check(V, "POST", "/v1/rules/app/validate", 422, {**J, "Accept": "application/problem+json"}, unavailable)
    check(V, "POST", "/v1/rules/app/validate?field=email", 200, J, taken)
    check(V, "POST", "/v1/rules/app/validate?field=email&checks=1", 200, J, taken)
    check(V, "POST", "/v1/rules/app/validate?field=password&checks=1", 200, J, unavailable)
    check(V, "POST", "/v1/rules/app/validate?field=email&checks=yes", 400, J, taken)
finally:
    server.terminate()
    server.wait(timeout=30)
    stub.shutdown()

# The range API over --breach-file (the mirror), and a rules file in range mode pointed at it.
mirror = subprocess.Popen([BINARY, "serve", "--rules", "Rules/login.json", "--listen", "127.0.0.1:0", "--access-log", "off",
                           "--breach-file", "Rules/lists/breached-sample.txt"], cwd=ROOT, stderr=subprocess.PIPE, text=True)
server = None
try:
    line = mirror.stderr.readline()
    MIRROR = PORT = int(re.search(r'"address":"127\.0\.0\.1:(\d+)"', line).group(1))
    R = "/range/{prefix}"
    check(R, "GET", "/range/5BAA6", 200)
    check(R, "GET", "/range/5baa6", 200, {"Add-Padding": "true"})
    check(R, "GET", "/range/FFFFF", 200, {"Add-Padding": "true"})
    check(R, "GET", "/range/5BAA61", 400)
    check(R, "GET", "/range/5BAAG", 400)
    check(R, "POST", "/range/5BAA6", 405, {"Content-Type": "text/plain"}, "")
    folder = tempfile.mkdtemp()
    rules = {"version": 1, "defaultLocale": "en", "fields": {
        "password": {"sensitive": True, "rules": [{"required": True},
                     {"notBreached": {"range": f"http://127.0.0.1:{MIRROR}/range/"}}]}}}
    with open(os.path.join(folder, "range.json"), "w", encoding="utf-8") as f:
        json.dump(rules, f)
    server = subprocess.Popen([BINARY, "serve", "--rules", folder, "--listen", "127.0.0.1:0", "--access-log", "off"],
                              cwd=ROOT, stderr=subprocess.PIPE, text=True)
    line = server.stderr.readline()
    PORT = int(re.search(r'"address":"127\.0\.0\.1:(\d+)"', line).group(1))
    J = {"Content-Type": "application/json"}
    V = "/v1/rules/{name}/validate"
    check(V, "POST", "/v1/rules/range/validate", 200, J, json.dumps({"password": "kumo no ue no sora 2026"}))
    check(V, "POST", "/v1/rules/range/validate", 422, J, json.dumps({"password": "P@ssw0rd"}))
    check(V, "POST", "/v1/rules/range/validate", 422, {**J, "Accept": "application/problem+json"},
          json.dumps({"password": "password"}))
    check(V, "POST", "/v1/rules/range/validate?field=password", 200, J, json.dumps({"password": "password"}))
    check(V, "POST", "/v1/rules/range/validate?field=password&checks=1", 200, J, json.dumps({"password": "password"}))
    mirror.terminate()
    mirror.wait(timeout=30)
    check(V, "POST", "/v1/rules/range/validate", 422, J, json.dumps({"password": "kumo no ue no sora 2026"}))
finally:
    for process in [mirror, server]:
        if process and process.poll() is None:
            process.terminate()
            process.wait(timeout=30)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
