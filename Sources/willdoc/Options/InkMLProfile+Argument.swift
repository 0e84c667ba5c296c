import ArgumentParser
import InkCodec

/// `convert --inkml-profile standard|office`.
extension InkMLProfile: ExpressibleByArgument {}
