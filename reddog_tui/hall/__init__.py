"""A hall of kiosks on PostgreSQL: replication of every kiosk's journal, hall meters, vouchers.

Builds on engine and store only; the kiosk keeps playing on its own SQLite journal whatever
the server does.
"""
