#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// The username search's state and results, each marked (friend, requested, blocked…) with a
/// button to ask the ones that may be asked.
struct FriendSearchSection: View {
    let model: FriendsModel

    var body: some View {
        switch model.search {
        case .idle(let hint?):
            Text(hint).font(.footnote).foregroundStyle(.secondary)
        case .idle(nil):
            EmptyView()
        case .searching:
            ProgressView()
        case .noMatches:
            Text("No one has a username starting with that.").foregroundStyle(.secondary)
        case .failed(let error):
            SocialErrorRow(error: error) { Task { await model.searchAfterPause() } }
        case .results:
            Section("Search") {
                ForEach(model.results) { result in
                    HStack {
                        UserNames(user: result.user)
                        Spacer()
                        if result.canRequest {
                            Button(result.mark == .asksYou ? "Accept" : "Add") { Task { await model.sendRequest(to: result.user) } }
                                .disabled(model.busy.contains(result.id))
                        } else if let label = result.label {
                            Text(label).font(.footnote).foregroundStyle(.secondary)
                        }
                    }
                }
            }
        }
    }
}

/// Requests to answer, friends, requests sent and users blocked, each with its actions.
struct FriendListSections: View {
    let model: FriendsModel

    var body: some View {
        if !model.incoming.isEmpty {
            Section("Requests") {
                ForEach(model.incoming) { request in
                    HStack {
                        UserNames(user: request.user)
                        Spacer()
                        Button("Accept") { Task { await model.accept(request.user) } }
                        Button("Decline") { Task { await model.decline(request.user) } }
                    }
                    .disabled(model.busy.contains(request.id))
                }
            }
        }
        if !model.friends.isEmpty {
            Section("Friends") {
                ForEach(model.friends) { friend in
                    HStack {
                        VStack {
                            Text(friend.user.displayName)
                            Text(model.presenceText(friend)).font(.footnote).foregroundStyle(.secondary)
                        }
                        Spacer()
                        if model.canInvite(friend) {
                            Button("Invite") { Task { await model.invite(friend) } }
                        } else if model.invited.contains(friend.id) {
                            Text("Invited").font(.footnote).foregroundStyle(.secondary)
                        }
                    }
                    .swipeActions {
                        Button("Remove", role: .destructive) { model.askToRemove(friend.user) }
                        Button("Block") { model.askToBlock(friend.user) }
                    }
                }
            }
        }
        if !model.outgoing.isEmpty {
            Section("Sent") {
                ForEach(model.outgoing) { request in
                    HStack {
                        UserNames(user: request.user)
                        Spacer()
                        Button("Cancel") { Task { await model.cancelRequest(to: request.user) } }
                            .disabled(model.busy.contains(request.id))
                    }
                }
            }
        }
        if !model.blocked.isEmpty {
            Section("Blocked") {
                ForEach(model.blocked) { blocked in
                    HStack {
                        UserNames(user: blocked.user)
                        Spacer()
                        Button("Unblock") { Task { await model.unblock(blocked.user) } }
                            .disabled(model.busy.contains(blocked.id))
                    }
                }
            }
        }
    }
}

/// A user's display name over their username.
struct UserNames: View {
    let user: SocialUser

    var body: some View {
        VStack {
            Text(user.displayName)
            Text(verbatim: "@" + user.username).font(.footnote).foregroundStyle(.secondary)
        }
    }
}
#endif
