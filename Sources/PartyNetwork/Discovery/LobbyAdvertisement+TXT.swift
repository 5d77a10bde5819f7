import GameCore

/// A lobby's advertisement as a DNS-SD TXT record (Bonjour) or MultipeerConnectivity discovery
/// info: short string keys and values, each pair under 255 bytes. Written and read here, on every
/// platform, so the Apple adapters only move the dictionary.
extension LobbyAdvertisement {
    /// The Bonjour service type of OneForTheBoys lobbies (and the Multipeer service, without the
    /// underscore and protocol: `oneforboys`).
    public static let bonjourServiceType = "_oneforboys._tcp"
    public static let multipeerServiceType = "oneforboys"

    public var txtRecord: [String: String] {
        [
            "v": "1", "id": lobbyID, "game": game.rawValue, "host": String(hostName.prefix(40)), "n": String(players),
            "max": String(maxPlayers), "private": isPrivate ? "1" : "0", "app": appVersion, "open": isOpen ? "1" : "0", "port": String(port),
        ]
    }

    /// Reads a TXT record; nil when a key is missing or malformed (another app's service, or a
    /// future format this build does not read).
    public init?(txtRecord record: [String: String]) {
        guard record["v"] == "1", let id = record["id"], !id.isEmpty, let game = record["game"], let host = record["host"],
            let players = record["n"].flatMap(Int.init), let maxPlayers = record["max"].flatMap(Int.init),
            let port = record["port"].flatMap(Int.init), (0...65_535).contains(port), let app = record["app"]
        else { return nil }
        self.init(
            lobbyID: id, game: GameType(rawValue: game), hostName: String(host.prefix(40)), players: players, maxPlayers: maxPlayers,
            isPrivate: record["private"] == "1", appVersion: app, isOpen: record["open"] != "0", port: port)
    }
}
