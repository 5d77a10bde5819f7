/// How one user stands towards another, as that user sees it.
public enum Relation: String, Codable, Hashable, Sendable {
    case none
    /// I asked them; they have not answered.
    case requestSent = "request_sent"
    /// They asked me; I have not answered.
    case requestReceived = "request_received"
    case friends
    /// I blocked them. (Being blocked is never shown: the blocked user sees `none`, or what
    /// they last saw of a request they sent.)
    case blocking
}

/// What a user may do about another.
public enum RelationAction: String, Sendable, CaseIterable {
    case request, accept, decline, cancel, remove, block, unblock
}

/// Why an action does not apply to the relation as it stands.
public enum RelationRefusal: Error, Equatable, Sendable {
    case yourself
    /// There is no request, friendship or block for the action to act on.
    case nothingToAct(String)
    /// Already done (friends already, asked already, blocked already).
    case already(String)
    /// Blocking them: unblock first.
    case blockingThem
}

extension Relation {
    /// The relation after `action`, from this user's side; what the other user then sees is the
    /// mirror image (``mirrored``), except that a block is invisible to the blocked user.
    ///
    /// A request to someone who already asked me is an acceptance: two people who ask each other
    /// are friends.
    public func after(_ action: RelationAction) throws(RelationRefusal) -> Relation {
        switch (action, self) {
        case (.block, .blocking): throw .already("you already block this user")
        case (.block, _): return .blocking
        case (.unblock, .blocking): return .none
        case (.unblock, _): throw .nothingToAct("you do not block this user")
        case (_, .blocking): throw .blockingThem
        case (.request, .none): return .requestSent
        case (.request, .requestReceived), (.accept, .requestReceived): return .friends
        case (.request, .requestSent): throw .already("you already asked this user")
        case (.request, .friends), (.accept, .friends): throw .already("you are already friends")
        case (.decline, .requestReceived): return .none
        case (.accept, _), (.decline, _): throw .nothingToAct("this user has not asked you")
        case (.cancel, .requestSent): return .none
        case (.cancel, _): throw .nothingToAct("you have not asked this user")
        case (.remove, .friends): return .none
        case (.remove, _): throw .nothingToAct("you are not friends")
        }
    }

    /// The same relation seen from the other side.
    public var mirrored: Relation {
        switch self {
        case .requestSent: .requestReceived
        case .requestReceived: .requestSent
        case .blocking: .none
        case .none, .friends: self
        }
    }
}
