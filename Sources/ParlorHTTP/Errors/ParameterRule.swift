/// What a query or path parameter must be, to name it when the generated code refuses a request.
///
/// The OpenAPI runtime reports a parameter it cannot decode as a bare decoding error, without the
/// parameter's name; ``ErrorMiddleware`` checks the refused request against these rules to answer
/// `invalid_fields` naming the parameter instead.
package struct ParameterRule: Sendable {
    package enum Location: Sendable { case query, path }

    package let name: String
    package let location: Location
    package let required: Bool
    /// What is wrong with a value; nil when it is fine.
    package let problem: @Sendable (String) -> String?

    package init(_ name: String, in location: Location, required: Bool = false, problem: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.name = name
        self.location = location
        self.required = required
        self.problem = problem
    }

    /// An integer parameter between `bounds`.
    package static func integer(_ name: String, in location: Location = .query, _ bounds: ClosedRange<Int>) -> ParameterRule {
        ParameterRule(name, in: location) { value in
            guard let number = Int(value) else { return "must be an integer" }
            return bounds.contains(number) ? nil : "must be \(bounds.lowerBound)–\(bounds.upperBound)"
        }
    }

    /// A parameter with one of `values`.
    package static func oneOf(_ name: String, in location: Location = .query, _ values: [String]) -> ParameterRule {
        ParameterRule(name, in: location) { value in
            values.contains(value) ? nil : "must be one of \(values.joined(separator: ", "))"
        }
    }

    /// The first parameter of `rules` that `query` and `path` (parameter values by name) break.
    package static func firstProblem(in rules: [ParameterRule], query: [String: String], path: [String: String]) -> FieldError? {
        for rule in rules {
            let value = rule.location == .query ? query[rule.name] : path[rule.name]
            guard let value else {
                if rule.required { return FieldError(field: rule.name, message: "is required") }
                continue
            }
            if let problem = rule.problem(value) { return FieldError(field: rule.name, message: problem) }
        }
        return nil
    }
}
