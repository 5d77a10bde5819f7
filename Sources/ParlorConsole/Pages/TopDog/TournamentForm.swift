import Foundation
import ParlorAPI
import ParlorHTTP

/// The new-tournament form: what was typed (kept when the API refuses it, so nothing is typed
/// twice) and the problems of each field, the console's own and the API's.
struct TournamentForm {
    struct Choice {
        var value: String
        var label: String
        var selected: Bool
    }

    var title = ""
    var entryFee = ""
    var maxEntries = ""
    var maxPerUser = ""
    var prizes = ""
    var speeds: [Choice] = []
    var pickSeconds = ""
    var teams = ""
    var rounds = ""
    var qb = ""
    var rb = ""
    var wr = ""
    var te = ""
    var countdownSeconds = ""
    var podSize = ""
    var startsAt = ""
    var policies: [Choice] = []
    var reason = ""
    /// Problems by the form's field name.
    var errors: [String: String] = [:]
    /// Every problem, in the form's order, for the summary above the form (stored: Mustache reads
    /// stored properties only); ``summarize()`` fills it.
    var problems: [String] = []
    var hasProblems = false

    mutating func summarize() {
        problems = Self.order.compactMap { field in errors[field].map { "\(Self.labels[field] ?? field) \($0)" } }
        let known = Set(Self.order)
        problems += errors.filter { !known.contains($0.key) }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        hasProblems = !problems.isEmpty
    }

    static let order = [
        "title", "entry_fee", "max_entries", "max_per_user", "prizes", "speed", "pick_seconds", "teams", "rounds", "caps", "countdown_seconds", "pod_size",
        "starts_at", "unfilled_policy", "reason",
    ]
    static let labels = [
        "title": "Title", "entry_fee": "Entry fee", "max_entries": "Most entries", "max_per_user": "Most entries a player",
        "prizes": "Prizes", "speed": "Speed", "pick_seconds": "Seconds a pick", "teams": "Teams a room", "rounds": "Rounds", "caps": "Position caps",
        "countdown_seconds": "Countdown", "pod_size": "Pod size", "starts_at": "Starts at", "unfilled_policy": "Unfilled rooms", "reason": "Reason",
    ]

    /// The form empty, with the API's defaults shown as placeholders.
    init() { choose(speed: "fast", policy: "fill_with_house") }

    init(_ form: ConsoleForm) {
        title = form["title"] ?? ""
        entryFee = form["entry_fee"] ?? ""
        maxEntries = form["max_entries"] ?? ""
        maxPerUser = form["max_per_user"] ?? ""
        prizes = form["prizes"] ?? ""
        pickSeconds = form["pick_seconds"] ?? ""
        teams = form["teams"] ?? ""
        rounds = form["rounds"] ?? ""
        qb = form["cap_qb"] ?? ""
        rb = form["cap_rb"] ?? ""
        wr = form["cap_wr"] ?? ""
        te = form["cap_te"] ?? ""
        countdownSeconds = form["countdown_seconds"] ?? ""
        podSize = form["pod_size"] ?? ""
        startsAt = form["starts_at"] ?? ""
        reason = form["reason"] ?? ""
        choose(speed: form["speed"] ?? "fast", policy: form["unfilled_policy"] ?? "fill_with_house")
    }

    mutating func choose(speed: String, policy: String) {
        speeds = [("fast", "Fast (30 s a pick)"), ("slow", "Slow (12 h a pick)"), ("custom", "Custom (seconds below)")].map {
            Choice(value: $0.0, label: $0.1, selected: $0.0 == speed)
        }
        policies = [("fill_with_house", "Fill with house teams on autopick"), ("cancel_room", "Close the room and refund its entrants")].map {
            Choice(value: $0.0, label: $0.1, selected: $0.0 == policy)
        }
    }

    /// The API's request, or nil with `errors` filled for what the console could not read.
    mutating func input() -> Components.Schemas.TournamentInput? {
        func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
        func integer(_ text: String, _ field: String) -> Int? {
            let text = trimmed(text)
            guard !text.isEmpty else { return nil }
            guard let value = Int(text) else {
                errors[field] = "\"\(text)\" is not a whole number"
                return nil
            }
            return value
        }
        let fee = TopDogFormat.cents(entryFee)
        if fee == nil { errors["entry_fee"] = trimmed(entryFee).isEmpty ? "is required (0 for a free tournament)" : "must be an amount in dollars, like 25 or 12.50" }
        var prizeCents: [Int64]?
        let prizeText = trimmed(prizes)
        if !prizeText.isEmpty {
            let amounts = prizeText.split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init).filter { !$0.isEmpty }
            let parsed = amounts.map(TopDogFormat.cents)
            if let bad = zip(amounts, parsed).first(where: { $0.1 == nil }) {
                errors["prizes"] = "\"\(bad.0)\" is not an amount in dollars"
            } else {
                prizeCents = parsed.compactMap { $0 }
            }
        }
        var capsPayload: Components.Schemas.TournamentInput.CapsPayload?
        let capValues = [("QB", qb), ("RB", rb), ("WR", wr), ("TE", te)].map { ($0.0, trimmed($0.1)) }
        if capValues.contains(where: { !$0.1.isEmpty }) {
            let numbers = capValues.map { Int($0.1) }
            if capValues.contains(where: { $0.1.isEmpty }) || numbers.contains(nil) {
                errors["caps"] = "give all four caps as whole numbers, or none for the defaults"
            } else {
                let caps = numbers.compactMap { $0 }
                capsPayload = .init(qb: caps[0], rb: caps[1], wr: caps[2], te: caps[3])
            }
        }
        var start: Date?
        if !trimmed(startsAt).isEmpty {
            start = TopDogFormat.time(trimmed(startsAt))
            if start == nil { errors["starts_at"] = "must be a date and time, like 2026-12-01T18:00 (UTC)" }
        }
        let speed = speeds.first(where: \.selected)?.value ?? "fast"
        let policy = policies.first(where: \.selected)?.value ?? "fill_with_house"
        let input = Components.Schemas.TournamentInput(
            title: title, entryFeeCents: fee ?? 0, maxEntries: integer(maxEntries, "max_entries"), maxPerUser: integer(maxPerUser, "max_per_user"),
            prizes: prizeCents, speed: speed, pickSeconds: integer(pickSeconds, "pick_seconds"), teams: integer(teams, "teams"),
            rounds: integer(rounds, "rounds"), caps: capsPayload, countdownSeconds: integer(countdownSeconds, "countdown_seconds"),
            podSize: integer(podSize, "pod_size"), startsAt: start, unfilledPolicy: policy, reason: trimmed(reason))
        if trimmed(reason).isEmpty { errors["reason"] = "is required: it is kept in the audit record" }
        return errors.isEmpty ? input : nil
    }

    /// The API's field errors, under the form's names.
    mutating func add(_ fields: [FieldError]) {
        for field in fields {
            let name = field.field == "entry_fee_cents" ? "entry_fee" : field.field
            errors[name] = errors[name].map { "\($0); \(field.message)" } ?? field.message
        }
    }
}
