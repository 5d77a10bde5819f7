import GameCore
import PartyNetwork
import Testing

/// The advertisement as Bonjour's TXT record and Multipeer's discovery info carry it.
@Suite struct LobbyAdvertisementTests {
    let lobby = LobbyAdvertisement(
        lobbyID: "k6mfze2t", game: "crazy-eights", hostName: "Host", players: 3, maxPlayers: 8, isPrivate: true, appVersion: "1.2.0",
        isOpen: false, port: 40_123)

    @Test func aTXTRecordRoundTripsWithEveryPairShort() throws {
        let record = lobby.txtRecord
        #expect(LobbyAdvertisement(txtRecord: record) == lobby)
        #expect(record.allSatisfy { $0.key.utf8.count + $0.value.utf8.count + 1 < 255 })
    }

    @Test func anotherServicesRecordIsNotALobby() {
        #expect(LobbyAdvertisement(txtRecord: [:]) == nil)
        var future = lobby.txtRecord
        future["v"] = "2"
        #expect(LobbyAdvertisement(txtRecord: future) == nil)
        var broken = lobby.txtRecord
        broken["port"] = "99999"
        #expect(LobbyAdvertisement(txtRecord: broken) == nil)
    }
}
