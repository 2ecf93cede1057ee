/// A surface mounted beside another on the same router (for example the admin routes of a
/// test server beside the REST routes): its middleware goes outside the host's, its routes
/// beside the host's.
public protocol RouterMount: Sendable {
    /// Middleware put around all of the host's middleware; the first is the outermost.
    var outerMiddleware: [any HTTPMiddleware] { get }
    /// Adds the mount's routes; they run inside the host's middleware.
    func addRoutes(to router: inout Router)
}
