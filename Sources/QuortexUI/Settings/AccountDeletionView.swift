#if canImport(SwiftUI)
import AppFoundation
import QuortexFeature
import SwiftUI

/// Before deleting: what the account's deletion forgets and what it keeps, in ``AccountDeletion``'s
/// words, then the last question.
struct AccountDeletionView: View {
    @Bindable var model: SettingsModel

    var body: some View {
        NavigationStack {
            List {
                Section("What is deleted") {
                    ForEach(model.deletionList, id: \.self) { Text($0) }
                }
                Section("What is kept") {
                    ForEach(AccountDeletion.kept, id: \.self) { Text($0) }
                }
                Section {
                    Text(AccountDeletion.warning).font(.footnote)
                    Button(AccountDeletion.title, role: .destructive) { model.continueDeletion() }
                        .disabled(model.isDeleting)
                    Button("Cancel", role: .cancel) { model.cancelDeletion() }
                }
            }
            .navigationTitle(AccountDeletion.title)
            .confirmationDialog(AccountDeletion.confirmTitle, isPresented: $model.isConfirmingDeletion, titleVisibility: .visible) {
                Button(AccountDeletion.confirmButton, role: .destructive) { Task { await model.deleteAccount() } }
                Button("Cancel", role: .cancel) { model.cancelDeletion() }
            } message: {
                Text(AccountDeletion.warning)
            }
        }
    }
}
#endif
