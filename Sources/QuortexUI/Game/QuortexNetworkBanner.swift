#if canImport(SwiftUI)
import AppFoundation
import QuortexFeature
import SwiftUI

/// The connection's state in one line, when there is something to say.
struct QuortexNetworkBanner: View {
    let network: NetworkStateModel

    var body: some View {
        if let banner = network.banner {
            Label(banner, systemImage: "wifi.exclamationmark").font(.footnote)
        }
    }
}

/// The moves made while offline, waiting to be sent, and the ones the server refused with why.
struct QuortexQueuedMovesList: View {
    let game: QuortexGameModel

    var body: some View {
        if !game.queuedMoves.isEmpty || !game.refusedMoves.isEmpty {
            VStack(spacing: 4) {
                if !game.queuedMoves.isEmpty {
                    Text("Waiting to be sent").font(.headline)
                    ForEach(game.queuedMoves) { move in Text(move.notation) }
                    Button("Send Now") { Task { await game.sendQueuedMoves() } }
                }
                if !game.refusedMoves.isEmpty {
                    Text("Not played").font(.headline)
                    ForEach(game.refusedMoves) { move in Text("\(move.notation): \(move.reason)") }
                    Button("OK") { game.dismissRefusals() }
                }
            }
        }
    }
}
#endif
