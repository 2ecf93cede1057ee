// Tests for RestDBClient live in this folder.
