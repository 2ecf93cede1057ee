// Tests for SocketHTTP live in this folder.
