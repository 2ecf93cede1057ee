// Module DocumentStore.
