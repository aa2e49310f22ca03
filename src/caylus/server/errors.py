"""Errors as the API sends them: always JSON `{"error": message, "code": short name}` with a 4xx status, never a
traceback. Anything unexpected is logged here and answered with a plain 500 JSON body."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger("caylus.server")


class ApiError(Exception):
    """A refusal: `status` (4xx), a short `code` for programs, a `message` for people."""

    def __init__(self, status: int, code: str, message: str, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers  # e.g. Retry-After on a 429

    def body(self) -> dict:
        return {"error": self.message, "code": self.code}


def error_response(status: int, code: str, message: str, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status, headers=headers)


def install(app: FastAPI) -> None:
    """Answer every refusal and every unexpected failure with JSON."""

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError):
        return error_response(exc.status, exc.code, exc.message, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError):
        problems = []
        for e in exc.errors()[:5]:
            if e.get("type") == "json_invalid":
                return error_response(422, "bad_request", "the request's body is not valid JSON")
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "request"
            problems.append(f"{where}: {e.get('msg', 'invalid')}")
        return error_response(422, "bad_request", "; ".join(problems) or "the request is not valid")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(exc.status_code, "http_error")
        detail = exc.detail if isinstance(exc.detail, str) else "the request was refused"
        if exc.status_code == 404 and detail == "Not Found":  # no route: say which address (the API is at /docs)
            detail = f"there is nothing at {request.url.path} (the API: /docs)"
        return error_response(exc.status_code, code, detail)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return error_response(500, "internal", "the server failed on this request; it was logged")
