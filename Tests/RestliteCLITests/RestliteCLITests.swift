// Tests for RestliteCLI live in this folder.
