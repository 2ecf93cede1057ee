import Testing

/// `#expect(a == b)` at a fraction of its compile time. The macro's expansion and its
/// type-checking were about half of a test module's build (docs/TESTING.md, "`#expect`
/// measured"). A mismatch records both values, as the macro does, then the comment.
///
/// ```swift
/// try expectEqual(response.status, .ok, "\(target)")
/// ```
public func expectEqual<Value: Equatable>(
    _ actual: @autoclosure () throws -> Value, _ expected: @autoclosure () throws -> Value,
    _ comment: @autoclosure () -> Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) rethrows {
    let found = try actual()
    let wanted = try expected()
    guard found != wanted else { return }
    var text = "\(String(reflecting: found)) is not \(String(reflecting: wanted))"
    if let comment = comment() { text += ": \(comment.rawValue)" }
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}

/// `#expect(condition)` at a fraction of its compile time (see `expectEqual`): a false
/// condition records an issue with the comment, at the caller's line.
public func expect(
    _ condition: @autoclosure () throws -> Bool, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) rethrows {
    guard try !condition() else { return }
    Issue.record(comment() ?? "Expectation failed", sourceLocation: sourceLocation)
}
