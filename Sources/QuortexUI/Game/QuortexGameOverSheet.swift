#if canImport(SwiftUI)
import AppFoundation
import QuortexFeature
import SwiftUI

/// The end of an online game: who won and how, the rating change, the rematch (offered,
/// seen while the sheet is up, accepted) and the replay to share.
struct QuortexGameOverSheet: View {
    let model: QuortexGameOverModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 12) {
            Text(model.headline).font(.largeTitle)
            Text(model.reason)
            Text(model.verdict).font(.footnote).foregroundStyle(.secondary)
            Text(model.ratingText).font(.headline)
            if let rematch = model.rematchText { Text(rematch).font(.footnote) }
            if model.canAcceptRematch {
                Button("Accept Rematch") { Task { await model.acceptRematch() } }
            } else if model.canOfferRematch {
                Button("Rematch") { Task { await model.offerRematch() } }
            }
            if let replay = model.replay {
                ShareLink(item: replay.link, subject: Text(replay.subject), message: Text(replay.message))
            } else if let error = model.replayError {
                Text(error.message).font(.footnote)
            } else if model.isPreparingReplay {
                ProgressView()
            }
            Button("Close") { dismiss() }
        }
        .padding()
        .task { await model.prepareReplay() }
        .task { await model.watchForOffer() }
    }
}
#endif
