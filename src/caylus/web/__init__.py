"""The browser front end: static files (index.html, style.css, js/) that `caylus serve` serves at `/`.

Plain HTML, CSS and ES modules, no build step: `js/app.js` is the lobby and the table page, `js/api.js` the
server's API, `js/boards/<edition>.js` one SVG board per edition drawn from a seat's view.
"""
