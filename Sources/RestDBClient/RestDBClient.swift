// Module RestDBClient.
