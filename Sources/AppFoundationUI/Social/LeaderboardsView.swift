#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// A game's leaderboards: board and period pickers, the top with ranks (the player's row
/// highlighted, the last row reading the next page), then around me and friends.
public struct LeaderboardsView: View {
    @Bindable private var model: LeaderboardsModel

    public init(model: LeaderboardsModel) {
        self.model = model
    }

    public var body: some View {
        List {
            Section {
                Picker("Board", selection: $model.boardChoice) {
                    ForEach(model.boards) { board in
                        Text(board.name).tag(board.id)
                    }
                }
                Picker("Period", selection: $model.periodChoice) {
                    ForEach(model.periods) { period in
                        Text(period.title).tag(period)
                    }
                }
                Text(model.standing).font(.footnote)
            }
            switch model.phase {
            case .loading:
                ProgressView()
            case .failed(let error):
                SocialErrorRow(error: error) { Task { await model.refresh() } }
            case .empty:
                Text(model.emptyMessage).foregroundStyle(.secondary)
            case .loaded:
                Section("Top") {
                    ForEach(model.top) { row in
                        LeaderboardRowView(row: row)
                            .task { await model.rowAppeared(row) }
                    }
                    if model.isLoadingMore {
                        ProgressView()
                    }
                    if let error = model.moreError {
                        SocialErrorRow(error: error) { Task { await model.loadMore() } }
                    }
                }
                if !model.aroundMe.isEmpty {
                    Section("Around Me") {
                        ForEach(model.aroundMe) { row in
                            LeaderboardRowView(row: row)
                        }
                    }
                }
                if !model.friends.isEmpty {
                    Section("Friends") {
                        ForEach(model.friends) { row in
                            LeaderboardRowView(row: row)
                        }
                    }
                }
            }
        }
        .navigationTitle("Leaderboards")
        .task { await model.load() }
        .task(id: model.choice) { await model.applyChoice() }
        .refreshable { await model.refresh() }
    }
}

/// One ranked row: rank, name, score; the player's own in the headline font with a marker.
struct LeaderboardRowView: View {
    let row: LeaderboardRow

    var body: some View {
        HStack {
            Text(verbatim: "#\(row.rank)")
            if row.isMe {
                Image(systemName: "person.fill")
            }
            Text(row.user.displayName)
            Spacer()
            Text(row.score)
        }
        .font(row.isMe ? .headline : nil)
    }
}
#endif
