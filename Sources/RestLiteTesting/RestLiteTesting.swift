// Module RestLiteTesting.
