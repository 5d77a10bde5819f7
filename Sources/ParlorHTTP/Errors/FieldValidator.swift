/// Collects every problem with a request body, so a form can show them all at once.
package struct FieldValidator {
    private(set) var errors: [FieldError] = []

    package init() {}

    package mutating func fail(_ field: String, _ message: String) {
        errors.append(FieldError(field: field, message: message))
    }

    /// Records `message` for `field` when `condition` is false.
    package mutating func check(_ condition: Bool, _ field: String, _ message: @autoclosure () -> String) {
        if !condition { fail(field, message()) }
    }

    /// Throws `invalid_fields` listing every failure, if any.
    package func validate() throws(APIError) {
        if !errors.isEmpty { throw .invalidFields(errors) }
    }
}
