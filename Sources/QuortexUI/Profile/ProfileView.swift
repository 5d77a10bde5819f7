#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import QuortexFeature
import SwiftUI

/// The player's profile: avatar and name (editable), rating and record per game with Quortex
/// first, and the achievements at a glance. The model checks the name and says what is wrong.
public struct ProfileView: View {
    @Bindable private var model: ProfileModel

    public init(model: ProfileModel) {
        self.model = model
    }

    public var body: some View {
        content
            .navigationTitle("Profile")
            .task { await model.load() }
            .refreshable { await model.load() }
            .errorAlert(model.error, isPresented: $model.isShowingError) { model.dismissError() }
    }

    @ViewBuilder private var content: some View {
        switch model.phase {
        case .loading:
            ProgressView()
        case .failed(let error):
            VStack(spacing: 8) {
                Text(error.title).font(.headline)
                Text(error.message).font(.footnote)
                Button("Try Again") { Task { await model.load() } }
            }
            .padding()
        case .loaded:
            List {
                identity
                records
                achievements
            }
        }
    }

    private var identity: some View {
        Section {
            HStack {
                ProfileAvatar(profile: model.profile)
                VStack(alignment: .leading) {
                    Text(model.profile?.displayName ?? "").font(.headline)
                    Text("@" + (model.profile?.username ?? "")).font(.footnote).foregroundStyle(.secondary)
                }
            }
            if model.isEditingName {
                TextField("Display name", text: $model.nameField)
                    .autocorrectionDisabled()
                if let problem = model.nameProblem {
                    Text(problem).font(.footnote)
                }
                HStack {
                    Button("Cancel") { model.cancelEditingName() }
                    Spacer()
                    Button("Save") { Task { await model.saveName() } }
                        .disabled(!model.canSaveName)
                }
            } else {
                Button("Change Name") { model.startEditingName() }
            }
        }
    }

    private var records: some View {
        Section("Ratings") {
            if model.records.isEmpty {
                Text("No rated games yet. Play an online game to get a rating.")
                    .foregroundStyle(.secondary)
            }
            ForEach(model.records) { record in
                HStack {
                    VStack(alignment: .leading) {
                        Text(record.title)
                        Text("\(record.games) games · \(record.wins) won · \(record.losses) lost")
                            .font(.footnote).foregroundStyle(.secondary)
                    }
                    Spacer()
                    Text("\(record.rating)").font(.headline)
                }
            }
            if let totals = model.totals, model.records.count > 1 {
                Text("All games: \(totals.games) played · \(totals.wins) won · \(totals.losses) lost")
                    .font(.footnote)
            }
        }
    }

    private var achievements: some View {
        Section("Achievements") {
            if let summary = model.achievements {
                Text(summary.text)
                ForEach(summary.recent, id: \.self) { name in
                    Label(name, systemImage: "rosette")
                }
            }
        }
    }
}

/// The avatar from its URL, or the name's initials where there is none.
struct ProfileAvatar: View {
    let profile: PlayerProfile?

    var body: some View {
        if let url = profile?.avatarURL {
            AsyncImage(url: url)
                .frame(width: 56, height: 56)
        } else {
            Text(profile?.initials ?? "?")
                .font(.headline)
                .frame(width: 56, height: 56)
        }
    }
}
#endif
