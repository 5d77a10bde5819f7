/// The faults an `InMemoryTransportHub` injects into every frame: loss, duplication, and a random
/// delay, which also reorders frames sent close together.
public struct FaultPlan: Hashable, Sendable {
    /// Probability in 0...1 that a frame is lost.
    public var dropRate: Double
    /// Probability in 0...1 that a frame arrives twice (each copy with its own delay).
    public var duplicateRate: Double
    public var minimumDelay: Duration
    public var maximumDelay: Duration

    public init(
        dropRate: Double = 0, duplicateRate: Double = 0, minimumDelay: Duration = .zero,
        maximumDelay: Duration = .zero
    ) {
        self.dropRate = dropRate
        self.duplicateRate = duplicateRate
        self.minimumDelay = minimumDelay
        self.maximumDelay = max(minimumDelay, maximumDelay)
    }

    /// A perfect network.
    public static let none = FaultPlan()
}
