"""Small widgets of the table: cards, chips, the spread marker, the pay table, key bar."""
