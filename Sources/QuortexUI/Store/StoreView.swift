#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import QuortexFeature
import StoreKit
import SwiftUI

/// The store: the plan and balances, then themes, packs, Plus and Pro with a price button each
/// (or an owned mark), restore, manage subscription, and a notice when a purchase is pending or
/// cancelled. Everything it shows and decides is ``StoreModel``'s.
public struct StoreView: View {
    @Bindable private var model: StoreModel

    public init(model: StoreModel) {
        self.model = model
    }

    public var body: some View {
        content
            .navigationTitle("Store")
            .task { await model.load() }
            .refreshable { await model.load() }
            .errorAlert(model.error, isPresented: $model.isShowingError) { model.dismissError() }
            // The App Store's sheet exists on iOS only; `swift build` on a Mac compiles this file too.
            #if os(iOS) || !canImport(AppKit)
            .manageSubscriptionsSheet(isPresented: $model.isManagingSubscriptions)
            #endif
    }

    @ViewBuilder private var content: some View {
        switch model.phase {
        case .loading:
            ProgressView()
        case .failed(let error):
            VStack(spacing: 8) {
                Text(error.title).font(.headline)
                Text(error.message).font(.footnote)
                Button(error.recovery?.label ?? "Try Again") { Task { await model.recover() } }
            }
            .padding()
        case .empty:
            Text("Nothing is for sale right now. Please try again later.")
                .foregroundStyle(.secondary)
                .padding()
        case .loaded:
            products
        }
    }

    private var products: some View {
        List {
            Section {
                if let plan = model.planText {
                    HStack {
                        Text("Plan")
                        Spacer()
                        Text(plan).foregroundStyle(.secondary)
                    }
                }
                if let balance = model.balanceText {
                    Text(balance)
                }
                if model.hasSubscription {
                    Button("Manage Subscription") { model.manageSubscriptions() }
                }
            }
            if let notice = model.notice {
                Section {
                    Text(notice.message)
                    Button("OK") { model.dismissNotice() }
                }
            }
            ForEach(model.groups) { group in
                Section {
                    ForEach(group.rows) { row in
                        StoreRowView(row: row) { Task { await model.buy(row.id) } }
                    }
                } header: {
                    Text(group.title)
                } footer: {
                    Text(group.footnote)
                }
            }
            Section {
                Button("Restore Purchases") { Task { await model.restore() } }
                    .disabled(model.isBusy)
                if model.isRestoring {
                    ProgressView()
                }
            }
        }
    }
}
#endif
