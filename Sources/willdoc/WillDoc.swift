import InkCodec

print("willdoc")
