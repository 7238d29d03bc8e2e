"""Networked and saved play (design §7): a WebSocket match server, its msgpack protocol, persistence, and
clients (a terminal UI and bots). See docs/network.md."""
