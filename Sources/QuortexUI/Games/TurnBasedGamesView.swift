#if canImport(SwiftUI)
import AppFoundation
import QuortexFeature
import SwiftUI

/// The turn-based games: your turn, their turn, finished; a row opens its game (the model sets
/// the route the app presents), pulling refreshes, the last row reads the next page.
public struct TurnBasedGamesView: View {
    @Bindable private var model: TurnBasedGamesModel

    public init(model: TurnBasedGamesModel) {
        self.model = model
    }

    public var body: some View {
        List {
            if let error = model.error {
                Section {
                    Text(error.title).font(.headline)
                    Text(error.message).font(.footnote)
                    Button(error.recovery?.label ?? "Try Again") { Task { await model.load() } }
                }
            }
            if model.isEmpty {
                Text(model.emptyText)
            }
            section("Your turn", model.yourTurn)
            section("Their turn", model.theirTurn)
            Section {
                rows(model.finished)
            } header: {
                Text("Finished")
            } footer: {
                Text(model.finishedFootnote)
            }
            if model.isLoadingMore || (model.isLoading && !model.hasLoaded) {
                ProgressView()
            }
        }
        .navigationTitle("Turn-based games")
        .task { await model.load() }
        .refreshable { await model.load() }
    }

    private func section(_ title: LocalizedStringKey, _ listings: [GameListing]) -> some View {
        Section(title) {
            rows(listings)
        }
    }

    private func rows(_ listings: [GameListing]) -> some View {
        ForEach(listings) { listing in
            Button {
                model.open(listing)
            } label: {
                GameListingRow(listing: listing)
            }
            .task { await model.rowAppeared(listing) }
        }
    }
}
#endif
