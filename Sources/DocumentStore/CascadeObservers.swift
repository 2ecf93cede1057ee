import PlatformSupport

/// The observers an engine tells, after a delete committed, of the children it deleted with
/// their parents (`DocumentEngine.observeCascadedDeletes`; realtime `delete` events use it).
/// Observers cannot be removed.
///
/// `@unchecked Sendable`: `observers` is only touched under `lock`.
package final class CascadeObservers: @unchecked Sendable {
    package typealias Observer = @Sendable (_ collection: String, _ ids: [String]) -> Void
    private let lock = PosixCondition()
    private var observers: [Observer] = []

    package init() {}

    package func add(_ observer: @escaping Observer) {
        lock.withLock { observers.append(observer) }
    }

    /// Tells every observer what a committed delete took with it, once per child collection
    /// touched.
    package func report(_ cascaded: [(collection: String, ids: [String])]) {
        guard !cascaded.isEmpty else { return }
        let observers = lock.withLock { self.observers }
        for (collection, ids) in cascaded where !ids.isEmpty {
            for observer in observers { observer(collection, ids) }
        }
    }
}
