"""A player's "your turn" webhook (server/notify.py): set it, read it, remove it, with the player's key."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import Field, StringConstraints

from ..deps import count_read
from ..models import ErrorBody, Strict
from ..notify import Webhooks
from .players import PlayerDep

router = APIRouter(tags=["players"])

ERRORS = {401: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody},
          422: {"model": ErrorBody}, 429: {"model": ErrorBody}}
PATH = "/api/players/me/webhook"


class WebhookRequest(Strict):
    url: Annotated[str, StringConstraints(min_length=1, max_length=2000)] = Field(
        description="an http(s) URL on a host the server's operator allowed (`caylus serve --webhook-host`)")


class WebhookSet(Strict):
    url: str | None = Field(description="where \"your turn\" messages go (null: nowhere)")
    hosts: list[str] = Field(description="the hosts the server's operator allows a webhook on (none: webhooks are off)")


def get_webhooks(request: Request) -> Webhooks:
    return request.app.state.webhooks


WebhooksDep = Annotated[Webhooks, Depends(get_webhooks)]


@router.put(PATH, response_model=WebhookSet, responses=ERRORS, dependencies=[Depends(count_read)],
            summary='Send the key\'s player a JSON POST at this URL when it is their turn (allowed hosts only)')
def set_webhook(body: WebhookRequest, player: PlayerDep, hooks: WebhooksDep, request: Request) -> WebhookSet:
    hooks.set(player.id, body.url, str(request.base_url))
    return WebhookSet(url=body.url, hosts=list(hooks.allowed))


@router.get(PATH, response_model=WebhookSet, responses=ERRORS, dependencies=[Depends(count_read)],
            summary="The key's player's webhook")
def get_webhook(player: PlayerDep, hooks: WebhooksDep) -> WebhookSet:
    hook = hooks.get(player.id)
    return WebhookSet(url=hook[0] if hook else None, hosts=list(hooks.allowed))


@router.delete(PATH, response_model=WebhookSet, responses=ERRORS, dependencies=[Depends(count_read)],
               summary="Remove the key's player's webhook")
def remove_webhook(player: PlayerDep, hooks: WebhooksDep) -> WebhookSet:
    hooks.remove(player.id)
    return WebhookSet(url=None, hosts=list(hooks.allowed))
