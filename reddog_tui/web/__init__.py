"""`reddog serve`: the kiosk in a web browser (the optional extra `web`, textual-serve).

The server starts the ordinary kiosk, one process per browser connection, with Textual's web
driver; only one of them plays at a time (one seat per journal). Nothing here draws the table.
"""
