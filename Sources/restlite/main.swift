print("restlite")
