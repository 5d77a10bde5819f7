import Foundation
import ParlorHTTP
import ParlorLinks
import ParlorTopDog

/// `/t/{tournament}`: a TopDog tournament's lobby card (name, fee, prizes, how its drafts start,
/// seats left) with the links to the app.
struct TournamentPage {
    let links: LinksAPI

    func page(for text: String) async throws -> FoundPage {
        guard let id = LinkID.parse(text) else { return missing("“\(text)” is not a tournament link. Check the link you were sent.") }
        let found: (Tournament, TournamentProgress)
        do {
            found = try await links.topDog.tournaments.find(id.uuidString.lowercased())
        } catch let error as APIError where error.code == "not_found" {
            return missing("There is no such tournament. It may have been removed.")
        }
        let (tournament, progress) = found
        let status = progress.status(of: tournament)
        let page = LinkPage(
            brand: "TopDog", title: tournament.title,
            blocks: [
                .paragraph(Self.summary(status)),
                .facts([
                    ("Entry fee", tournament.entryFeeCents == 0 ? "Free" : Self.money(tournament.entryFeeCents)),
                    ("Prizes", Self.money(tournament.totalPrizeCents)),
                    ("First place", Self.money(tournament.firstPlaceCents)),
                    ("Seats left", Self.seatsLeft(tournament, status)),
                    ("Starts", Self.start(tournament, status)),
                ]),
                links.actions(.tournament(id), in: .topdog),
            ])
        return FoundPage(found: true, page: page)
    }

    private func missing(_ message: String) -> FoundPage {
        FoundPage(found: false, page: LinkPage(brand: "TopDog", title: "Tournament not found", blocks: [.paragraph(message)]))
    }

    static func summary(_ status: Tournament.Status) -> String {
        switch status {
        case .open, .filling: "A best ball tournament taking entries. Draft a team in a live snake draft and play for the prizes."
        case .full: "Every entry is taken; the drafts are about to begin."
        case .drafting: "Every entry is taken and the drafts are under way."
        case .complete: "This tournament is over; its prizes are paid."
        case .cancelled: "This tournament was cancelled; every entry was refunded."
        }
    }

    static func seatsLeft(_ tournament: Tournament, _ status: Tournament.Status) -> String {
        guard status == .open || status == .filling else { return "None" }
        guard tournament.maxEntries > 0 else { return "Unlimited" }
        return "\(max(0, tournament.maxEntries - tournament.entries)) of \(tournament.maxEntries)"
    }

    /// Drafts have no calendar time: each room starts counting down when it fills.
    static func start(_ tournament: Tournament, _ status: Tournament.Status) -> String {
        switch status {
        case .open, .filling: "When its room fills"
        case .full, .drafting: "Drafting now"
        case .complete: "Finished"
        case .cancelled: "Cancelled"
        }
    }

    /// Dollars from cents, with thousands separated: `$1,250.00`.
    static func money(_ cents: Int64) -> String {
        let dollars = String(cents / 100)
        var grouped = ""
        for (index, digit) in dollars.enumerated() {
            if index > 0, (dollars.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        let rest = cents % 100
        return "$" + grouped + "." + (rest < 10 ? "0" : "") + String(rest)
    }
}
