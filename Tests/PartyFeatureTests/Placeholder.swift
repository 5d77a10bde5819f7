// PartyFeatureTests
