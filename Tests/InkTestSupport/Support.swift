import InkCodec
