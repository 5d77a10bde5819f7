// Lists, forms, navigation and the common controls the apps' screens are built of.

// https://developer.apple.com/documentation/swiftui/foreach
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

// https://developer.apple.com/documentation/swiftui/foreach#relationships (ForEach: View where Content: View)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-5hyh2
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Data.Element: Identifiable { fatalError() }
    // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)-2jvb5
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-6y5ll
    nonisolated public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) where Data == Range<Int>, ID == Int { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/list
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
@MainActor @preconcurrency public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
extension List where SelectionValue == Never {
    // https://developer.apple.com/documentation/swiftui/list/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)-7vpgz
    nonisolated public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable {
        fatalError()
    }
}

// https://developer.apple.com/documentation/swiftui/section
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Section<Parent, Content, Footer> {}

// https://developer.apple.com/documentation/swiftui/section#relationships (Section: View)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/section/init(content:header:footer:)
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    // https://developer.apple.com/documentation/swiftui/section/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section where Parent: View, Content: View, Footer == EmptyView {
    // https://developer.apple.com/documentation/swiftui/section/init(content:header:)
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section where Parent == Text, Content: View, Footer == EmptyView {
    // https://developer.apple.com/documentation/swiftui/section/init(_:content:)-90be4
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/section/init(_:content:)-2pfsz
    nonisolated public init<S>(_ title: S, @ViewBuilder content: () -> Content) where S: StringProtocol { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/form
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct Form<Content>: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/form/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/navigationpath
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {
    // https://developer.apple.com/documentation/swiftui/navigationpath/init()
    public init() {}
}

// https://developer.apple.com/documentation/swiftui/navigationstack
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
    nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath { fatalError() }
    // https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/navigationlink
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/navigationlink/init(destination:label:)
    nonisolated public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { fatalError() }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationLink where Destination == Never {
    // https://developer.apple.com/documentation/swiftui/navigationlink/init(value:label:)
    nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label) where P: Hashable { fatalError() }
    // https://developer.apple.com/documentation/swiftui/navigationlink/init(_:value:)-4rgie
    nonisolated public init<S, P>(_ title: S, value: P?) where Label == Text, S: StringProtocol, P: Hashable { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/image
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Image: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/image#relationships (Image: View)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Image: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/label
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct Label<Title, Icon>: View where Title: View, Icon: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/label/init(title:icon:)
    nonisolated public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Label where Title == Text, Icon == Image {
    // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-7fy1p
    nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-4g8ns
    nonisolated public init<S>(_ title: S, systemImage name: String) where S: StringProtocol { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/spacer
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Spacer: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    nonisolated public init(minLength: CGFloat? = nil) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/axis
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public enum Axis: Int8, CaseIterable {
    case horizontal
    case vertical

    // https://developer.apple.com/documentation/swiftui/axis/set
    @frozen public struct Set: OptionSet {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/swiftui/axis/set/horizontal
        public static let horizontal = Set(rawValue: 1)
        // https://developer.apple.com/documentation/swiftui/axis/set/vertical
        public static let vertical = Set(rawValue: 2)
    }
}

// https://developer.apple.com/documentation/swiftui/scrollview
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct ScrollView<Content>: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/scrollview/init(_:showsindicators:content:)
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/toggle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct Toggle<Label>: View where Label: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Toggle where Label == Text {
    // https://developer.apple.com/documentation/swiftui/toggle/init(_:ison:)-8qx3l
    nonisolated public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/toggle/init(_:ison:)-2qurm
    nonisolated public init<S>(_ title: S, isOn: Binding<Bool>) where S: StringProtocol { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/picker
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct Picker<Label, SelectionValue, Content>: View
where Label: View, SelectionValue: Hashable, Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Picker where Label == Text {
    // https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)-5njtq
    nonisolated public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)-6lwfn
    nonisolated public init<S>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) where S: StringProtocol {
        fatalError()
    }
}

// https://developer.apple.com/documentation/swiftui/stepper
@available(iOS 13.0, macOS 10.15, watchOS 9.0, *)
@MainActor @preconcurrency public struct Stepper<Label>: View where Label: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
    // https://developer.apple.com/documentation/swiftui/stepper/init(value:in:step:label:oneditingchanged:)
    nonisolated public init<V>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V: Strideable { fatalError() }
}

@available(iOS 13.0, macOS 10.15, watchOS 9.0, *)
extension Stepper where Label == Text {
    // https://developer.apple.com/documentation/swiftui/stepper/init(_:value:in:step:oneditingchanged:)-2xv8m
    nonisolated public init<S, V>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where S: StringProtocol, V: Strideable { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/buttonrole
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct ButtonRole: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    public static let destructive = ButtonRole()
    // https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    public static let cancel = ButtonRole()
    private init() {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)-93ek6
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)-6k2z8
    @preconcurrency nonisolated public init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where S: StringProtocol {
        fatalError()
    }
}
