import GameCore
import ParlorHTTP

/// The fields of a new game or quick-match request that the generated types leave as strings and
/// numbers, checked as `openapi.yaml` states them; every problem is reported at once.
struct GameRequestFields {
    var mode: GameMode = .realtime
    var timeoutPolicy: TimeoutPolicy?
    private var validator = FieldValidator()

    static let turnSeconds = 5...1_209_600
    static let graceSeconds = 1...3600

    init(mode: String?, timeoutPolicy: String? = nil, turnSeconds: Int? = nil, graceSeconds: Int? = nil) {
        if let mode {
            if let parsed = GameMode(rawValue: mode) { self.mode = parsed } else { validator.fail("mode", "must be realtime or turn_based") }
        }
        if let timeoutPolicy {
            self.timeoutPolicy = TimeoutPolicy(rawValue: timeoutPolicy)
            validator.check(self.timeoutPolicy != nil, "timeout_policy", "must be bot_move or forfeit")
        }
        if let turnSeconds { validator.check(Self.turnSeconds.contains(turnSeconds), "turn_seconds", "must be 5–1209600") }
        if let graceSeconds { validator.check(Self.graceSeconds.contains(graceSeconds), "grace_seconds", "must be 1–3600") }
    }

    func validate() throws(APIError) { try validator.validate() }
}
