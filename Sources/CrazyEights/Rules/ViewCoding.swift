import GameCore

/// A view decodes leniently in one respect: `roundLog`, added after the first release, may be
/// missing (an older host) and then reads as empty. Everything else is required, as before;
/// unknown fields are ignored, so older clients read newer views. Encoding is synthesized from
/// the same keys.
extension CrazyEightsView {
    enum CodingKeys: String, CodingKey {
        case viewer, players, hand, handCounts = "hand_counts", topCard = "top_card", currentSuit = "current_suit"
        case discardCount = "discard_count", stockCount = "stock_count", turn, direction, pendingPenalty = "pending_penalty"
        case drawsThisTurn = "draws_this_turn", dealer, scores, round, lastRound = "last_round", roundLog = "round_log", settings, outcome
        case legalActions = "legal_actions"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        viewer = try container.decode(Viewer.self, forKey: .viewer)
        players = try container.decode([GamePlayer].self, forKey: .players)
        hand = try container.decode([Card].self, forKey: .hand)
        handCounts = try container.decode([Int].self, forKey: .handCounts)
        topCard = try container.decodeIfPresent(Card.self, forKey: .topCard)
        currentSuit = try container.decode(Suit.self, forKey: .currentSuit)
        discardCount = try container.decode(Int.self, forKey: .discardCount)
        stockCount = try container.decode(Int.self, forKey: .stockCount)
        turn = try container.decodeIfPresent(Int.self, forKey: .turn)
        direction = try container.decode(TurnDirection.self, forKey: .direction)
        pendingPenalty = try container.decode(Int.self, forKey: .pendingPenalty)
        drawsThisTurn = try container.decode(Int.self, forKey: .drawsThisTurn)
        dealer = try container.decode(Int.self, forKey: .dealer)
        scores = try container.decode([Int].self, forKey: .scores)
        round = try container.decode(Int.self, forKey: .round)
        lastRound = try container.decodeIfPresent(RoundResult.self, forKey: .lastRound)
        roundLog = try container.decodeIfPresent([PublicEvent].self, forKey: .roundLog) ?? []
        settings = try container.decode(CrazyEightsSettings.self, forKey: .settings)
        outcome = try container.decodeIfPresent(GameOutcome.self, forKey: .outcome)
        legalActions = try container.decode([CrazyEightsAction].self, forKey: .legalActions)
    }
}
