#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// A game's achievements: the tally, then each with its progress bar (x of y) or its unlock
/// date; hidden ones show only that they are hidden and their points.
public struct AchievementsView: View {
    private let model: AchievementsModel

    public init(model: AchievementsModel) {
        self.model = model
    }

    public var body: some View {
        List {
            switch model.phase {
            case .loading:
                ProgressView()
            case .failed(let error):
                SocialErrorRow(error: error) { Task { await model.refresh() } }
            case .empty:
                Text(model.emptyMessage).foregroundStyle(.secondary)
            case .loaded:
                Section {
                    ForEach(model.items) { item in
                        AchievementRow(item: item)
                    }
                } header: {
                    Text(model.summary)
                }
            }
        }
        .navigationTitle("Achievements")
        .task { await model.load() }
        .refreshable { await model.refresh() }
    }
}

/// One achievement: a lock for hidden ones, a check for unlocked ones; the bar while under way.
struct AchievementRow: View {
    let item: AchievementItem

    var body: some View {
        VStack(spacing: 4) {
            HStack {
                Image(systemName: item.isUnlocked ? "checkmark.seal.fill" : item.isMasked ? "lock.fill" : "circle.dashed")
                Text(item.title).font(.headline)
                Spacer()
                Text(verbatim: "\(item.points) pts").font(.footnote)
            }
            if let detail = item.detail {
                Text(detail).font(.footnote).foregroundStyle(.secondary)
            }
            if let unlocked = item.unlockedText {
                Text(unlocked).font(.footnote)
            } else if let progress = item.progressText {
                ProgressView(value: item.fraction)
                Text(progress).font(.footnote).foregroundStyle(.secondary)
            }
        }
    }
}
#endif
