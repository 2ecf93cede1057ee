// Tests for DocumentStore live in this folder.
