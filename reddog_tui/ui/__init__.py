"""The Textual kiosk: screens, widgets and one stylesheet."""
