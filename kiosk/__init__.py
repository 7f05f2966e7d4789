"""The pygame kiosk: app loop, scenes, text, config and the command line."""
