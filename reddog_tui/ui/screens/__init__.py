"""One screen per view: welcome, table, rules, settings, and the store error screen."""
