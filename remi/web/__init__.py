"""``remi serve``: the sheet, the camera and the tutor as web pages for the phones at the table.

An ASGI app (Starlette, served by uvicorn) over the same library the CLI uses: the store of
``remi.scoresheet``, the engine, ``remi.vision``'s reader and ``remi.tutor.advise``. Pages are
rendered on the server (Jinja2 templates in ``templates/``) with one small plain-JavaScript
file and one stylesheet in ``static/``: no CDN, no build step, it works with no internet.
Nothing here is imported by the other commands (``remi check`` starts as fast as before).
"""
