// Module RestDBAPI.
