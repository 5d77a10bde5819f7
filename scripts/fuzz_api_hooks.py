"""Schemathesis hooks for scripts/fuzz-api: a new guest's bearer token on every request.

A fresh guest per request keeps cases apart: one that deletes the account or ends the session
does not turn every later authenticated case into a 401.
"""
import json
import os
import urllib.request
import uuid

import schemathesis

BASE = os.environ.get("FUZZ_BASE_URL", "http://127.0.0.1:8080")


def guest_token() -> str:
    body = json.dumps({"device_id": f"fuzz-{uuid.uuid4()}"}).encode()
    request = urllib.request.Request(f"{BASE}/auth/guest", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.load(response)["access_token"]


if os.environ.get("FUZZ_AUTH") == "guest":

    @schemathesis.auth(refresh_interval=None)
    class FreshGuest:
        def get(self, case, context):
            return guest_token()

        def set(self, case, data, context):
            # Only where the document asks for a bearer token; mini-app backends use HTTP Basic.
            if any("bearerAuth" in requirement for requirement in (case.operation.definition.raw.get("security") or [])):
                case.headers = case.headers or {}
                case.headers["Authorization"] = f"Bearer {data}"
