// Module SocketHTTP.
