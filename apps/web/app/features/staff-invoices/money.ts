/** The amount fields' unit: "$" or "₹". Amounts read and write through the contract's parseAmount and centsToDecimal. */
export const currencySign = (currency: string) => (currency === 'INR' ? '₹' : '$');
