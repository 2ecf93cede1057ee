// Tests for RestDBAPI live in this folder.
