#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// Friends: the search field and its results, requests to answer, friends with their presence
/// (swipe to remove or block, a button to invite when there is a game), requests sent, and the
/// users blocked. Remove and block ask first; presence follows the server while shown.
public struct FriendsView: View {
    @Bindable private var model: FriendsModel

    public init(model: FriendsModel) {
        self.model = model
    }

    public var body: some View {
        List {
            if let error = model.error {
                ErrorNotice(error: error, recover: { Task { await model.recover() } }) { model.dismissError() }
            }
            if let notice = model.notice {
                HStack {
                    Text(notice)
                    Spacer()
                    Button("OK") { model.dismissNotice() }
                }
            }
            FriendSearchSection(model: model)
            switch model.phase {
            case .loading:
                ProgressView()
            case .failed(let error):
                SocialErrorRow(error: error) { Task { await model.refresh() } }
            case .empty:
                Text(model.emptyMessage).foregroundStyle(.secondary)
            case .loaded:
                FriendListSections(model: model)
            }
        }
        .navigationTitle("Friends")
        .searchable(text: $model.query, prompt: "Find by username")
        .task(id: model.query) { await model.searchAfterPause() }
        .task { await model.load() }
        .task { await model.watch() }
        .refreshable { await model.refresh() }
        .confirmationDialog(model.confirmation?.title ?? "", isPresented: $model.isConfirming, titleVisibility: .visible) {
            if let confirmation = model.confirmation {
                Button(confirmation.confirmTitle, role: .destructive) { Task { await model.confirm(confirmation) } }
            }
            Button("Cancel", role: .cancel) { model.cancelConfirmation() }
        } message: {
            Text(model.confirmation?.message ?? "")
        }
    }
}
#endif
