#!/usr/bin/env python3
"""A small stand-in for the Firebase Auth REST API (identitytoolkit v1), for tests only.

Listens on 127.0.0.1 on an ephemeral port, prints the port on stdout, and answers
accounts:signUp and accounts:signInWithPassword with the documented payloads:
200 with an idToken, or {"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": [...]}}.
Accounts live in memory. Emails starting with "disabled@" are disabled, "busy@" are rate
limited; a key other than "test-key" is refused the way Google refuses a bad API key.
Stops by itself after 120 seconds so a failed test cannot leave it running.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

ACCOUNTS = {"taro@example.jp": "correct horse"}


def error(message, code=400, status=None):
    body = {"error": {"code": code, "message": message,
                      "errors": [{"message": message.split(" : ")[0], "domain": "global", "reason": "invalid"}]}}
    if status:
        body["error"]["status"] = status
    return code, body


def answer(path, key, payload):
    if key != "test-key":
        return error("API key not valid. Please pass a valid API key.", status="INVALID_ARGUMENT")
    email = payload.get("email", "")
    password = payload.get("password", "")
    if not email:
        return error("MISSING_EMAIL")
    if "@" not in email:
        return error("INVALID_EMAIL")
    if email.startswith("busy@"):
        return error("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.")
    if path.endswith("accounts:signUp"):
        if email in ACCOUNTS:
            return error("EMAIL_EXISTS")
        if len(password) < 6:
            return error("WEAK_PASSWORD : Password should be at least 6 characters")
        ACCOUNTS[email] = password
        return 200, {"kind": "identitytoolkit#SignupNewUserResponse", "idToken": "token", "email": email,
                     "refreshToken": "refresh", "expiresIn": "3600", "localId": "uid"}
    if path.endswith("accounts:signInWithPassword"):
        if email.startswith("disabled@"):
            return error("USER_DISABLED")
        if email not in ACCOUNTS:
            return error("EMAIL_NOT_FOUND")
        if ACCOUNTS[email] != password:
            return error("INVALID_PASSWORD")
        return 200, {"kind": "identitytoolkit#VerifyPasswordResponse", "localId": "uid", "email": email,
                     "displayName": "", "idToken": "token", "registered": True}
    return error("Not Found", code=404, status="NOT_FOUND")


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        url = urlparse(self.path)
        key = parse_qs(url.query).get("key", [""])[0]
        length = int(self.headers.get("Content-Length", "0"))
        try:
            payload = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            status, body = error("INVALID_JSON")
        else:
            status, body = answer(url.path, key, payload)
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Timer(120, server.shutdown).start()
print(server.server_address[1], flush=True)
server.serve_forever()
